import { type FieldDefinition, placeFieldOf, type ResourceDefinition, ROLE_KINDS } from "@csc/shared";

let counter = 0;

/** A valid value for a field, as a form would send it (relations are filled by the caller). */
export function sampleValue(field: FieldDefinition): unknown {
  counter += 1;
  switch (field.type) {
    case "text":
    case "textarea":
      return field.name === "subdomain"
        ? `sample${counter}`
        : `Sample ${field.name} ${counter}`.slice(0, field.maxLength ?? 200);
    case "richtext":
      return "<p>Sample <strong>text</strong></p>";
    case "number":
      return field.min ?? 1;
    case "year":
      return 2;
    case "boolean":
      return true;
    case "date":
      return "2027-01-15";
    case "datetime":
      return "2027-01-15T09:30:00.000Z";
    case "email":
      return `sample.${counter}.${Date.now()}@example.com`;
    case "phone":
      return "+977 9800000000";
    case "url":
      return "https://example.com";
    case "video":
      return "https://youtu.be/dQw4w9WgXcQ";
    case "linkedin":
      return "https://www.linkedin.com/in/sample";
    case "color":
      return "#123456";
    case "country":
      return "NP";
    case "tags":
      // a list of fixed choices (the kinds of user a tutorial is for): all of them
      return field.enum === "roleKind" ? [...ROLE_KINDS] : [];
    default:
      return null;
  }
}

/** A create body with every required field (and enum fields) filled, relations from `relationValue`. */
export async function sampleBody(
  resource: ResourceDefinition,
  relationValue: (field: FieldDefinition) => Promise<number | undefined>,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const field of resource.fields) {
    if (field.readOnly || (!field.required && field.type !== "enum")) continue;
    if (field.type === "relation") {
      const value = await relationValue(field);
      if (value !== undefined) body[field.name] = value;
    } else if (field.type === "enum") {
      if (field.enum === "role") continue;
      body[field.name] = sampleEnum(field);
    } else {
      body[field.name] = sampleValue(field);
    }
  }
  // an event's place follows its mode: the link of an online one, the venue of an offline one
  const place = "delivery_mode" in body ? placeFieldOf(body.delivery_mode) : null;
  const placeField = resource.fields.find((field) => field.name === place);
  if (placeField) body[placeField.name] = sampleValue(placeField);
  return body;
}

function sampleEnum(field: FieldDefinition): unknown {
  const known: Record<string, unknown> = {
    institutionType: "college",
    institutionStatus: "active",
    userStatus: "active",
    eventType: "workshop",
    jobType: "internship",
    deliveryMode: true,
    gradingType: "percentage",
    accessScope: "default",
    hiringSource: "internally",
    programmeCategory: "job_placement",
    partnershipStatus: "active",
    programDepartmentKind: "program",
    recruiterStatus: "approved",
    helpTopic: "dashboard",
  };
  return known[field.enum ?? ""] ?? null;
}
