import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/** Keywords that only validate: the serializer never needs them (a regex would only cost time in a union's branch check). */
const validationOnly = new Set([
  '$schema',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'propertyNames',
]);

/** A branch of a union that is only a JSON type (`{ type: 'string', enum: [...] }`, `{ type: 'null' }`). */
function scalarType(branch: unknown): string | null {
  if (typeof branch !== 'object' || branch === null) return null;
  const { type, ...rest } = branch as JsonSchema;
  if (typeof type !== 'string' || type === 'object' || type === 'array') return null;
  return Object.keys(rest).every((key) => key === 'enum' || key === 'const' || key === 'format') ? type : null;
}

/**
 * The JSON Schema zod makes of a response schema, made cheap to serialize with: validation-only
 * keywords dropped, and a union of plain JSON types (`string | null`, an enum or null) made one
 * `type: [...]`, and an object or null one schema with `nullable`, which fast-json-stringify
 * writes without checking each branch.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (validationOnly.has(key)) continue;
    // Extra keys are never written anyway; left in, they would fail a union's branch check.
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = key === 'properties' || key === '$defs' || key === 'definitions' ? simplifyEach(value) : simplify(value);
  }
  for (const union of ['anyOf', 'oneOf'] as const) {
    const branches = out[union];
    if (!Array.isArray(branches)) continue;
    const types = branches.map(scalarType);
    if (types.every((type): type is string => type !== null)) {
      delete out[union];
      out.type = [...new Set(types)];
      continue;
    }
    // An object or array, or null: the one schema with fast-json-stringify's `nullable`.
    const notNull = branches.filter((branch) => scalarType(branch) !== 'null');
    if (branches.length === 2 && notNull.length === 1 && typeof (notNull[0] as JsonSchema).type === 'string') {
      delete out[union];
      Object.assign(out, notNull[0], { nullable: true });
    }
  }
  return out;
}

function simplifyEach(properties: unknown): unknown {
  if (typeof properties !== 'object' || properties === null) return properties;
  return Object.fromEntries(Object.entries(properties as JsonSchema).map(([name, schema]) => [name, simplify(schema)]));
}

/** The JSON Schema (draft 7, output side) a zod response schema is serialized with. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' })) as JsonSchema;
}

/**
 * Routes declare their answers with zod schemas (src/shared/schemas); each is turned once, when
 * the route is compiled, into JSON Schema and compiled by fast-json-stringify, so an answer costs
 * no zod parse: only the fields the schema names are written (an undeclared field is left out),
 * and a required field that is missing throws (answered 500). A schema zod cannot express in
 * JSON Schema (a transform) is written as given.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  return fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
};
