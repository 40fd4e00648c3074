// The operations GraphiQL opens with must stay valid as the schema changes, and each tab's variables and
// headers must be JSON.
import { describe, expect, it } from 'vitest';
import { parse, validate, type OperationDefinitionNode } from 'graphql';
import { schema } from '../../src/http/graphql/schema.js';
import { GRAPHIQL_DEFAULT_QUERY, GRAPHIQL_EXAMPLE_TABS, graphiqlExampleOptions } from '../../src/http/graphql/graphiql-examples.js';

describe('GraphiQL example operations', () => {
  it('validate against the schema', () => {
    for (const tab of GRAPHIQL_EXAMPLE_TABS) {
      const document = parse(tab.query ?? '');
      expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    }
  });

  it('carry JSON variables and headers', () => {
    for (const tab of GRAPHIQL_EXAMPLE_TABS) {
      expect(() => JSON.parse(tab.variables ?? '{}')).not.toThrow();
      expect(Object.keys(JSON.parse(tab.headers ?? '{}')).length).toBeGreaterThan(0);
    }
  });

  it('include a sessionEvents subscription and open on the first tab', () => {
    const operations = GRAPHIQL_EXAMPLE_TABS.flatMap((tab) =>
      parse(tab.query ?? '').definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition'),
    );
    const subscription = operations.find((operation) => operation.operation === 'subscription');
    expect(subscription?.selectionSet.selections.map((selection) => (selection.kind === 'Field' ? selection.name.value : ''))).toEqual(['sessionEvents']);
    expect(GRAPHIQL_DEFAULT_QUERY).toBe(GRAPHIQL_EXAMPLE_TABS[0]?.query);
    expect(graphiqlExampleOptions.defaultTabs).toBe(GRAPHIQL_EXAMPLE_TABS);
  });
});
