import { Table } from "antd";
import { useTranslation } from "react-i18next";

/** Contact persons: full_name, email, designation, phone_no. */
export interface ContactPerson {
  full_name?: string | null;
  email?: string | null;
  designation?: string | null;
  phone_no?: string | null;
}

/** A self-assessment question: the text, its choices and the right answer. */
export interface Question {
  question?: string | null;
  options?: string[] | null;
  answer?: string | null;
}

const dash = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : "—");

export function ContactsTable({ contacts }: { contacts: ContactPerson[] }) {
  const { t } = useTranslation();
  return (
    <Table<ContactPerson & { key: number }>
      size="small"
      pagination={false}
      className="csc-inner-table"
      dataSource={contacts.map((contact, key) => ({ ...contact, key }))}
      columns={[
        { key: "full_name", title: t("fields:full_name"), dataIndex: "full_name", render: dash },
        {
          key: "email",
          title: t("fields:email"),
          dataIndex: "email",
          render: (email: string | null) => (email ? <a href={`mailto:${email}`}>{email}</a> : "—"),
        },
        { key: "designation", title: t("fields:designation"), dataIndex: "designation", render: dash },
        {
          key: "phone_no",
          title: t("fields:phone_no"),
          dataIndex: "phone_no",
          render: (phone: string | null) => (phone ? <a href={`tel:${phone.replace(/\s/g, "")}`}>{phone}</a> : "—"),
        },
      ]}
    />
  );
}

export function QuestionsTable({ questions }: { questions: Question[] }) {
  const { t } = useTranslation();
  return (
    <Table<Question & { key: number }>
      size="small"
      pagination={false}
      className="csc-inner-table"
      dataSource={questions.map((question, key) => ({ ...question, key }))}
      columns={[
        { key: "n", title: "#", width: 40, render: (_value, _row, index) => index + 1 },
        { key: "question", title: t("fields:question"), dataIndex: "question", render: dash },
        {
          key: "options",
          title: t("fields:options"),
          dataIndex: "options",
          render: (options: string[] | null) => (options?.length ? options.join(" · ") : "—"),
        },
        { key: "answer", title: t("fields:answer"), dataIndex: "answer", render: dash },
      ]}
    />
  );
}
