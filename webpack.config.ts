import { readFileSync } from 'node:fs';
/**
 * Client build: ts-loader, content-hashed chunks split per route, extracted CSS, and
 * pre-compressed .br/.gz copies the site server serves as they are. The dev server proxies
 * /api like the site server does.
 */
import { join } from 'node:path';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import { constants as zlib, type BrotliOptions } from 'node:zlib';
import { TIMING } from './src/contracts/constants';
import { DEVTOOLS_PORT } from './config/devtools/port';

interface BuildArgs {
  mode?: 'production' | 'development';
  /** Overrides used by the size bench: another entry, another output folder. */
  entry?: string;
  outputPath?: string;
}

export default function config(_env: unknown, args: BuildArgs = {}): Configuration & { devServer?: DevServerConfiguration } {
  const production = args.mode !== 'development';
  const outputPath = args.outputPath ?? join(__dirname, 'dist');
  const providerPort = Number(process.env.PROVIDER_PORT ?? 3001);
  return {
    mode: production ? 'production' : 'development',
    // boot carries its own runtime: it is the one script the page names, and loads the rest.
    entry: { main: args.entry ?? './src/app/main.tsx', boot: { import: './src/app/boot.ts', runtime: false } },
    output: {
      path: outputPath,
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      chunkLoadTimeout: TIMING.chunkLoadTimeoutMs,
      // The runtime would give the chunks' <script> and prefetch <link> a charset attribute, which
      // HTML no longer allows there; the site serves its scripts as UTF-8 anyway.
      charset: false,
      clean: true,
    },
    // No eval in development either: the site server's CSP (script-src 'self') serves this build too.
    devtool: production ? false : 'cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { noEmit: false, module: 'esnext' } } },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    optimization: {
      runtimeChunk: 'single',
      moduleIds: 'deterministic',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // React, Redux, the router and the saga runtime load on every page: one long-cached chunk.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-redux|@reduxjs|redux|redux-saga|@redux-saga|react-router|react-router-dom|immer|reselect|use-sync-external-store|axios|react-toastify|clsx)[\\/]/,
            name: 'framework',
            chunks: 'initial',
            priority: 20,
          },
        },
      },
      minimizer: ['...', new CssMinimizerPlugin()],
    },
    performance: { hints: false },
    plugins: [
      new HtmlWebpackPlugin({
        template: './public/index.html',
        chunks: ['main'],
        inject: 'body',
        scriptLoading: 'defer',
        minify: production ? { collapseWhitespace: true, removeComments: true } : false,
      }),
      new CopyPublicFiles(['favicon.svg', 'share.png']),
      new PrefetchWithoutAs(),
      new ChunkManifest('manifest.json'),
      // The port of Redux DevTools' own monitor a development build reports to (src/app/remoteDevTools.ts).
      ...(production ? [] : [new webpack.EnvironmentPlugin({ DEVTOOLS_PORT: String(DEVTOOLS_PORT) })]),
      new MiniCssExtractPlugin(
        production
          ? { filename: 'assets/[name].[contenthash:10].css', chunkFilename: 'assets/[name].[contenthash:10].css' }
          : { filename: 'assets/[name].css', chunkFilename: 'assets/[name].css' },
      ),
      ...(production
        ? [
            // The app's chunks run on load and on the first taps: V8 compiles them whole while they
            // stream in, off the main thread, instead of function by function inside a tap. After
            // minification (which drops comments), before the content hash and the compression.
            new webpack.BannerPlugin({
              banner: '//# allFunctionsCalledOnLoad',
              raw: true,
              test: /^assets\/(?!boot\.).*\.js$/,
              stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
            }),
            new CompressionPlugin({ test: /\.(js|css|svg)$/, algorithm: 'gzip', filename: '[path][base].gz', threshold: 1024 }),
            new CompressionPlugin<BrotliOptions>({
              test: /\.(js|css|svg)$/,
              algorithm: 'brotliCompress',
              filename: '[path][base].br',
              compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 1024,
            }),
          ]
        : []),
    ],
    devServer: {
      port: Number(process.env.PORT ?? 8080),
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/uploads'], target: process.env.PROVIDER_URL ?? `http://127.0.0.1:${providerPort}`, pathRewrite: { '^/api': '' } }],
      // One command for development: the embedded provider starts beside the dev server.
      onListening: () => {
        if (process.env.PROVIDER_URL) return;
        void import('./src/provider/startProvider')
          .then(({ startProvider }) => startProvider({ port: providerPort, dataDir: process.env.DATA_DIR ?? 'data' }))
          .then((p) => console.log(`Content provider on ${p.url}`));
      },
    },
  };
}

/**
 * The runtimes name a prefetched chunk `<link rel="prefetch" as="script">` (or `as="style"`), and
 * HTML allows `as` on preload links only: the document the scripts leave would fail the Nu checker.
 * The browser prefetches the file the same without it, into the cache its later load reads.
 */
class PrefetchWithoutAs {
  apply(compiler: import('webpack').Compiler) {
    compiler.hooks.thisCompilation.tap('PrefetchWithoutAs', (compilation) => {
      const withoutAs = (source: string) => source.replace(/^\s*link\.as = "(script|style)";\n?/m, '');
      webpack.web.JsonpTemplatePlugin.getCompilationHooks(compilation).linkPrefetch.tap('PrefetchWithoutAs', withoutAs);
      MiniCssExtractPlugin.getCompilationHooks(compilation).linkPrefetch.tap('PrefetchWithoutAs', withoutAs);
    });
  }
}

/** Copies a few files of public/ to the root of dist (html-webpack-plugin handles only the page). */
class CopyPublicFiles {
  constructor(private readonly files: string[]) {}
  apply(compiler: import('webpack').Compiler) {
    compiler.hooks.thisCompilation.tap('CopyPublicFiles', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CopyPublicFiles', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of this.files) {
          const path = join(__dirname, 'public', file);
          compilation.fileDependencies.add(path);
          compilation.emitAsset(file, new compiler.webpack.sources.RawSource(readFileSync(path)));
        }
      });
    });
  }
}

/**
 * dist/manifest.json: the JS and CSS files of the entry and of each named chunk group (one per
 * page), so the server links exactly what a rendered page needs and hydration never suspends.
 */
class ChunkManifest {
  constructor(private readonly file: string) {}
  apply(compiler: import('webpack').Compiler) {
    compiler.hooks.thisCompilation.tap('ChunkManifest', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkManifest', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const groups: Record<string, { js: string[]; css: string[] }> = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          const files = group.chunks.flatMap((chunk) => [...chunk.files]).map((file) => `/${file}`);
          groups[name] = { js: files.filter((f) => f.endsWith('.js')), css: files.filter((f) => f.endsWith('.css')) };
        }
        compilation.emitAsset(this.file, new compiler.webpack.sources.RawSource(JSON.stringify(groups, null, 1)));
      });
    });
  }
}
