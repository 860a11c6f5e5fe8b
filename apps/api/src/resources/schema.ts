import { type FieldDefinition, NUMERIC_FIELD_TYPES, type ResourceDefinition } from "@csc/shared";
import { type TSchema, Type } from "typebox";
import { allowedValues } from "./codec.js";

/** A field's JSON type as the API returns it. */
function outputType(field: FieldDefinition): TSchema {
  const values = allowedValues(field);
  if (field.type === "boolean" || values?.every((v) => typeof v === "boolean")) return Type.Boolean();
  if (NUMERIC_FIELD_TYPES.includes(field.type) || values?.every((v) => typeof v === "number")) return Type.Number();
  if (field.type === "tags") return Type.Array(Type.String());
  if (field.type === "contacts" || field.type === "questions") {
    return Type.Array(Type.Object({}, { additionalProperties: true }));
  }
  return Type.String();
}

/**
 * The row schema of a resource, generated from the registry so OpenAPI documents every resource.
 * Every field is optional: a reader receives only the fields their read rules allow.
 */
export function rowSchema(resource: ResourceDefinition) {
  return Type.Object(
    Object.fromEntries(resource.fields.map((f) => [f.name, Type.Optional(Type.Union([outputType(f), Type.Null()]))])),
    { title: resource.name },
  );
}

/**
 * The body a create or update accepts, for the documentation: each field's type and rules.
 * Values are checked by the codec, which puts a translated message under each field.
 */
export function bodySchema(resource: ResourceDefinition) {
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
