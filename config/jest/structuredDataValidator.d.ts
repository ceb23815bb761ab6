/** The part of @adobe/structured-data-validator (plain JavaScript) the tests use. */
declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    rootType: string;
    fieldNames?: string[];
  }
  /** Takes a schema.org vocabulary graph; validates data grouped as { jsonld: { Type: [items] } }. */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: { jsonld?: Record<string, unknown[]> }): Promise<ValidationIssue[]>;
  }
}
