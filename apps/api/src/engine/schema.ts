import {
  allowedValues,
  PostingMatchProperties,
  postingTypeOf,
  type ResourceDefinition,
  valueSchemaOf,
} from "@csc/shared";
import { Type } from "typebox";
import { bearer, errorResponses, Id, IdParams } from "../routes/schemas.js";
import { EXPORT_FORMATS } from "./export.js";
import { listQuerySchema } from "./list.js";

/**
 * The row schema of a resource, generated from the registry so OpenAPI documents every resource.
 * Every field is optional: a reader receives only the fields their read rules allow. A write-only
 * field is not in it at all: the serialiser drops what the schema does not name, a last guard.
 */
export function rowSchema(resource: ResourceDefinition) {
  return Type.Object(
    {
      ...Object.fromEntries(
        resource.fields
          .filter((f) => !f.writeOnly)
          .map((f) => [f.name, Type.Optional(Type.Union([valueSchemaOf(f), Type.Null()]))]),
      ),
      // a posting read by a learner carries its skill match (resources/postings/skill-match.ts)
      ...(postingTypeOf(resource.name) ? PostingMatchProperties : {}),
    },
    { title: resource.name },
  );
}

/**
 * The body a create or update accepts, for the documentation: each field's type and rules.
 * Values are checked by the codec, which puts a translated message under each field.
 */
function bodySchema(resource: ResourceDefinition) {
  const writable = resource.fields.filter((f) => !f.readOnly);
  return Type.Object(
    Object.fromEntries(
      writable.map((f) => [
        f.name,
        Type.Optional(
          Type.Unknown({
            description: [
              f.type,
              f.required ? "required" : null,
              f.providerOnly ? "provider staff only" : null,
              f.writeOnly ? "write only: never sent back; blank keeps the stored value" : null,
              allowedValues(f) ? `one of ${allowedValues(f)?.join(", ")}` : null,
            ]
              .filter(Boolean)
              .join("; "),
          }),
        ),
      ]),
    ),
    { additionalProperties: true },
  );
}

const OptionsQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100 })),
    id: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  },
  { additionalProperties: false },
);

const OptionList = Type.Array(Type.Object({ value: Type.Integer(), label: Type.String() }));

const DeleteQuery = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);

/**
 * The schema of each generic route of a resource: what OpenAPI documents and what
 * Fastify checks. `options` is null for a resource without relation fields, which has no such route.
 */
export function routeSchemas(resource: ResourceDefinition) {
  const documented = { tags: [resource.name], security: bearer };
  const query = listQuerySchema(resource);
  const row = rowSchema(resource);
  const body = bodySchema(resource);
  const relations = resource.fields.filter((f) => f.relation);
  return {
    list: { ...documented, querystring: query, response: { 200: Type.Array(row), ...errorResponses } },
    // Exports take `format=csv|xlsx`
    export: {
      ...documented,
      querystring: Type.Object(
        { ...query.properties, format: Type.Optional(Type.Union(EXPORT_FORMATS.map((f) => Type.Literal(f)))) },
        { additionalProperties: false },
      ),
      response: { 200: Type.String(), ...errorResponses },
    },
    options:
      relations.length === 0
        ? null
        : {
            ...documented,
            params: Type.Object({ field: Type.Union(relations.map((f) => Type.Literal(f.name))) }),
            querystring: OptionsQuery,
            response: { 200: OptionList, ...errorResponses },
          },
    one: { ...documented, params: IdParams, response: { 200: row, ...errorResponses } },
    create: { ...documented, body, response: { 201: row, ...errorResponses } },
    update: { ...documented, params: IdParams, body, response: { 200: row, ...errorResponses } },
    delete: { ...documented, params: IdParams, querystring: DeleteQuery, response: { 200: row, ...errorResponses } },
  };
}
