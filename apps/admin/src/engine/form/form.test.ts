import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { FieldMeta } from "../types";
import { validateFieldValue } from "./rules";
import { createDefaults, toPayload } from "./values";

const field = (name: string, type: FieldMeta["type"], extra: Partial<FieldMeta> = {}): FieldMeta => ({
  name,
  type,
  label: name,
  labelKey: `fields:${name}`,
  required: false,
  readOnly: false,
  list: false,
  filter: false,
  sort: false,
  search: false,
  ...extra,
});
// the key, with its values, stands in for the translation
const t = ((key: string, options?: Record<string, unknown>) =>
  options && "max" in options ? `${key}:${options.max}` : key) as unknown as TFunction;

describe("form values", () => {
  const fields = [
    field("name", "text", { required: true, maxLength: 5 }),
    field("type", "enum", { options: [{ value: "college", label: "College", labelKey: "enums:x.college" }] }),
    field("publish_status", "boolean"),
    field("tags", "tags"),
    field("description", "richtext"),
    field("capacity", "number", { min: 1, max: 10 }),
    field("contact_persons", "contacts"),
    field("id", "number", { readOnly: true }),
  ];

  it("starts a new record empty, with choices named in the address", () => {
    expect(createDefaults(fields, new URLSearchParams("type=college&id=4"))).toEqual({
      name: null,
      type: "college",
      publish_status: false,
      tags: [],
      description: null,
      capacity: null,
      contact_persons: [],
    });
  });

  it("sends every writable field, blanks as null and lists cleaned", () => {
    const payload = toPayload(fields, {
      name: "  Tag ",
      type: "college",
      publish_status: undefined,
      tags: [" a ", "a", ""],
      description: "<p><br></p>",
      capacity: "4",
      contact_persons: [{ full_name: " Sita " }, { full_name: "", email: "" }],
      id: 9,
    });
    expect(payload).toEqual({
      name: "Tag",
      type: "college",
      publish_status: false,
      tags: ["a"],
      description: null,
      capacity: 4,
      contact_persons: [{ full_name: "Sita", email: null, designation: null, phone_no: null }],
    });
  });

  it("writes spaces, not &nbsp;, in rich text", () => {
    expect(toPayload([field("d", "richtext")], { d: "<p>two&nbsp;words</p>" })).toEqual({ d: "<p>two words</p>" });
  });

  it("sends a write-only field (a secret) only when something was typed: blank keeps the saved one", () => {
    const secret = field("oidc_client_secret", "text", { writeOnly: true });
    expect(toPayload([secret], { oidc_client_secret: null })).toEqual({});
    expect(toPayload([secret], { oidc_client_secret: "  " })).toEqual({});
    expect(toPayload([secret], { oidc_client_secret: "s3cret" })).toEqual({ oidc_client_secret: "s3cret" });
  });
});

describe("client validation", () => {
  it("asks for required fields and checks lengths and bounds", () => {
    expect(validateFieldValue(field("name", "text", { required: true }), " ", t)).toBe("validation:required");
    expect(validateFieldValue(field("name", "text", { maxLength: 3 }), "abcd", t)).toBe(
      "resources.validation.tooLong:3",
    );
    expect(validateFieldValue(field("n", "number", { max: 5 }), 6, t)).toBe("resources.validation.max:5");
    expect(validateFieldValue(field("n", "number", { max: 5 }), 5, t)).toBe(true);
  });

  it("uses the shared phone, e-mail, website and profile-link rules", () => {
    expect(validateFieldValue(field("phone", "phone"), "call me", t)).toBe("validation:phoneCharacters");
    expect(validateFieldValue(field("phone", "phone"), "", t)).toBe(true);
    expect(validateFieldValue(field("email", "email"), "nope", t)).toBe("validation:email");
    expect(validateFieldValue(field("website", "url"), "example", t)).toBe("validation:website");
    expect(validateFieldValue(field("linkedin_url", "linkedin"), "https://example.com/x", t)).toBe(
      "validation:linkedinUrl",
    );
  });

  it("checks each contact person", () => {
    const contacts = field("contact_persons", "contacts");
    expect(validateFieldValue(contacts, [{ full_name: "Sita", email: "sita@example.com" }], t)).toBe(true);
    expect(validateFieldValue(contacts, [{ full_name: "Sita", email: "sita" }], t)).toBe("resources.validation.inRow");
  });
});
