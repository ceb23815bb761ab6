/**
 * The schema.org vocabulary as a JSON-LD graph (rdfs:Class and rdf:Property with
 * schema:domainIncludes), the shape @adobe/structured-data-validator reads. Built offline from
 * schema-dts, whose type definitions are generated from the schema.org release: each type's
 * "Leaf" interface names it, and its "Base" interfaces carry its properties and its parents'.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

interface Graph {
  '@graph': Record<string, unknown>[];
}

let cached: Graph | null = null;

export function schemaOrgVocabulary(): Graph {
  if (cached) return cached;
  const file = require.resolve('schema-dts/dist/schema.d.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const bases = new Map<string, { parents: string[]; properties: string[] }>();
  const leaves: { type: string; parents: string[] }[] = [];

  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement)) continue;
    const name = statement.name.text;
    const parents = (statement.heritageClauses ?? []).flatMap((clause) => clause.types.map((type) => type.expression.getText(source)));
    const properties = statement.members.flatMap((member) =>
      member.name && (ts.isStringLiteral(member.name) || ts.isIdentifier(member.name)) ? [member.name.text] : [],
    );
    if (name.endsWith('Leaf')) {
      const typeMember = statement.members.find((member) => member.name && ts.isStringLiteral(member.name) && member.name.text === '@type');
      const literal = typeMember && ts.isPropertySignature(typeMember) ? typeMember.type?.getText(source) : undefined;
      if (literal) leaves.push({ type: JSON.parse(literal) as string, parents: [...parents, name.replace(/Leaf$/, 'Base')] });
    }
    bases.set(name, { parents, properties: properties.filter((p) => !p.startsWith('@')) });
  }

  const flatten = (name: string, seen = new Set<string>()): string[] => {
    if (seen.has(name)) return [];
    seen.add(name);
    const base = bases.get(name);
    return base ? [...base.properties, ...base.parents.flatMap((parent) => flatten(parent, seen))] : [];
  };
  const domains = new Map<string, string[]>();
  const graph: Record<string, unknown>[] = [];
  for (const leaf of leaves) {
    graph.push({ '@id': `schema:${leaf.type}`, '@type': 'rdfs:Class' });
    const seen = new Set<string>();
    for (const property of new Set(leaf.parents.flatMap((parent) => flatten(parent, seen)))) {
      domains.set(property, [...(domains.get(property) ?? []), leaf.type]);
    }
  }
  for (const [property, types] of domains) {
    graph.push({ '@id': `schema:${property}`, '@type': 'rdf:Property', 'schema:domainIncludes': types.map((type) => ({ '@id': `schema:${type}` })) });
  }
  cached = { '@graph': graph };
  return cached;
}
