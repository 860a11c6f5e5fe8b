import { type ContactPerson, ContactsTable } from "../engine/display/RecordTables";
import { ContactsInput } from "./inputs/ContactsInput";
import type { FieldTypeView, FieldValueProps } from "./types";

/** Contact persons: their names in a cell, a table of them on the detail page. */
const contacts: FieldTypeView = {
  Cell: ({ value }: FieldValueProps) => (value as ContactPerson[]).map((contact) => contact.full_name).join(", "),
  Detail: ({ value }: FieldValueProps) => <ContactsTable contacts={value as ContactPerson[]} />,
  Input: ContactsInput,
  notAColumn: true,
  wideInForm: () => true,
  wideInDetail: true,
};
export default contacts;
