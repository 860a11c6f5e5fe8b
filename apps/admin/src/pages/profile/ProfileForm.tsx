import { IdcardOutlined } from "@ant-design/icons";
import {
  countryOptions,
  isLearnerRole,
  NEPAL,
  PROFILE_VALIDATORS,
  type ProfileOptions,
  type ProfileSaved,
  YEAR_MAX,
  YEAR_MIN,
} from "@csc/shared";
import { useGetIdentity, useNotification } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Button, Col, Form, Input, Row, Select } from "antd";
import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppCard } from "../../components/AppCard";
import { PlaceSelect, type PlaceSelectProps } from "../../field-types/inputs/PlaceSelect";
import { useSelectStyle } from "../../field-types/inputs/useSelectStyle";
import { http, isApiError } from "../../shell/providers/http";
import { useLanguage } from "../../shell/providers/i18n";
import { useSession } from "../../shell/session/SessionContext";
import type { CurrentUser } from "../../shell/session/types";
import { requiredRule, showServerFieldErrors } from "../auth/form-helpers";
import { PhotoInput } from "./PhotoInput";

interface Values {
  full_name?: string;
  photo?: string | null;
  phone?: string | null;
  linkedin_url?: string | null;
  website?: string | null;
  country?: string | null;
  province_id?: number | null;
  district_id?: number | null;
  municipality_id?: number | null;
  program_department_id?: number | null;
  year?: number | null;
  preferences?: number[];
}

/** A rule from the shared profile validators (one source of truth with the API). */
const profileRule = (field: keyof typeof PROFILE_VALIDATORS, t: TFunction): Rule => ({
  validator: async (_rule, value: unknown) => {
    const result = PROFILE_VALIDATORS[field](value);
    if (result) throw new Error(t(result.key, { defaultValue: result.message }));
  },
});

/** A level of the Nepal cascade as a form control (the form gives the value and takes the changes). */
function PlaceField({
  value,
  onChange,
  ...rest
}: Omit<PlaceSelectProps, "value" | "onChange"> & { value?: unknown; onChange?: (value: number | null) => void }) {
  return <PlaceSelect {...rest} value={value} onChange={(next) => onChange?.(next)} />;
}

const YEARS = Array.from({ length: YEAR_MAX - YEAR_MIN + 1 }, (_, i) => YEAR_MIN + i);

function initialValues(user: CurrentUser): Values {
  return {
    full_name: user.full_name,
    photo: user.photo ?? null,
    phone: user.phone ?? "",
    linkedin_url: user.linkedin_url ?? "",
    website: user.website ?? "",
    country: user.country ?? null,
    province_id: user.province_id ?? null,
    district_id: user.district_id ?? null,
    municipality_id: user.municipality_id ?? null,
    program_department_id: user.program_department_id ?? null,
    year: user.year ?? null,
    preferences: (user.preferences ?? []).map((tag) => tag.id),
  };
}

/** The user's own details (/profile); saving refreshes the session's user. */
export function ProfileForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { open } = useNotification();
  const { user, role } = useSession();
  const identity = useGetIdentity<CurrentUser | null>();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const learner = isLearnerRole(role);
  const selectStyle = useSelectStyle();
  const options = useQuery({
    queryKey: ["csc", "profile-options"],
    queryFn: async () => (await http.get<{ data: ProfileOptions }>("/api/profile/options")).data.data,
  });
  const countries = useMemo(() => countryOptions(language), [language]);
  const country = Form.useWatch("country", form);
  const provinceId = Form.useWatch("province_id", form);
  const districtId = Form.useWatch("district_id", form);
  const inNepal = !country || country === NEPAL;
  const tagLabel = t(`fields:${options.data?.tag_field ?? (learner ? "preferences" : "tags")}`);

  const save = async (values: Values) => {
    setSaving(true);
    const body: Values = { ...values };
    if (!learner) {
      delete body.program_department_id;
      delete body.year;
    }
    for (const name of ["phone", "linkedin_url", "website"] as const) {
      if (body[name]?.trim() === "") body[name] = null;
    }
    try {
      const { data } = await http.patch<ProfileSaved>("/api/profile", body);
      form.setFieldsValue(initialValues(data.data));
      await identity.refetch();
      open?.({ key: "profile-saved", type: "success", message: data.message || t("account:details.saved") });
    } catch (error) {
      if (isApiError(error)) {
        showServerFieldErrors(form, error);
        open?.({
          key: "profile-saved",
          type: "error",
          message: error.errors ? t("account:details.notSaved") : error.message,
        });
      }
    } finally {
      setSaving(false);
    }
  };

  const placeField = (name: "province_id" | "district_id" | "municipality_id") => {
    const level = name === "province_id" ? "province" : name === "district_id" ? "district" : "municipality";
    const parentId = name === "district_id" ? provinceId : name === "municipality_id" ? districtId : null;
    return (
      <Col xs={24} md={8} key={name}>
        <Form.Item name={name} label={t(`account:details.${level}`)}>
          <PlaceField
            level={level}
            parentId={typeof parentId === "number" ? parentId : null}
            allowClear
            placeholder={t("account:details.chooseOne")}
          />
        </Form.Item>
      </Col>
    );
  };

  return (
    <AppCard title={t("account:details.title")} icon={<IdcardOutlined />}>
      <Form<Values>
        form={form}
        name="profile"
        layout="vertical"
        requiredMark
        initialValues={initialValues(user)}
        onFinish={(values) => void save(values)}
        onValuesChange={(changed: Values) => {
          // the cascade: a new province or district empties the levels under it
          if ("country" in changed && changed.country && changed.country !== NEPAL) {
            form.setFieldsValue({ province_id: null, district_id: null, municipality_id: null });
          }
          if ("province_id" in changed) form.setFieldsValue({ district_id: null, municipality_id: null });
          if ("district_id" in changed) form.setFieldsValue({ municipality_id: null });
        }}
        className="csc-profile-form"
      >
        <Form.Item name="photo" label={t("account:details.photo")}>
          <PhotoInput />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="full_name"
              label={t("account:details.fullName")}
              rules={[requiredRule(t), profileRule("full_name", t)]}
            >
              <Input autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t("account:details.phone")} rules={[profileRule("phone", t)]}>
              <Input autoComplete="tel" inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="linkedin_url"
              label={t("account:details.linkedin")}
              rules={[profileRule("linkedin_url", t)]}
            >
              <Input inputMode="url" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="website" label={t("account:details.website")} rules={[profileRule("website", t)]}>
              <Input inputMode="url" autoComplete="url" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="country" label={t("account:details.country")} rules={[profileRule("country", t)]}>
              <Select
                {...selectStyle}
                allowClear
                showSearch
                optionFilterProp="label"
                options={countries}
                placeholder={t("account:details.chooseOne")}
              />
            </Form.Item>
          </Col>
        </Row>
        {inNepal ? (
          <Row gutter={16}>{(["province_id", "district_id", "municipality_id"] as const).map(placeField)}</Row>
        ) : null}
        {learner ? (
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <Form.Item name="program_department_id" label={t("account:details.program")}>
                <Select
                  {...selectStyle}
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  loading={options.isFetching}
                  options={(options.data?.program_departments ?? []).map(({ value, label }) => ({ value, label }))}
                  placeholder={t("account:details.chooseOne")}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="year" label={t("account:details.year")} rules={[profileRule("year", t)]}>
                <Select
                  {...selectStyle}
                  allowClear
                  options={YEARS.map((year) => ({ value: year, label: String(year) }))}
                  placeholder={t("account:details.chooseOne")}
                />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
        <Form.Item name="preferences" label={tagLabel} rules={[profileRule("preferences", t)]}>
          <Select
            {...selectStyle}
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={options.isFetching}
            options={options.data?.tags ?? []}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
          {t("account:details.save")}
        </Button>
      </Form>
    </AppCard>
  );
}
