-- The content pack every host serves (src/provider/content/sharedPack.ts): `npm run content:import`
-- adds a row, each host imports the newest into its own SQLite copy. Older rows stay as the
-- history of imports (who, when, which files).
CREATE TABLE content_packs (
  id bigserial PRIMARY KEY,
  digest text NOT NULL,
  files jsonb NOT NULL,
  imported_by text NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);
