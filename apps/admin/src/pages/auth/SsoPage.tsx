import { isSsoError, type SsoTestResult } from "@csc/shared";
import { Alert, Descriptions, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ApiError } from "../../shell/providers/api-error";
import { getJson } from "../../shell/providers/fetch-json";
import { exchangeSsoCode } from "../../shell/providers/sign-in";
import { getToken } from "../../shell/providers/token";
import { AuthLayout } from "./AuthLayout";
import { LinkNotValid } from "./LinkNotValid";

/**
 * Where single sign-on comes back to (`/sso`): `?code=` is exchanged for a session and the person
 * lands on their dashboard; `?error=` says in words why they were refused, with the way back to
 * sign in; `?test=` shows the staff member who tested the provider what it answered.
 */
export default function SsoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get("code");
  const test = params.get("test");
  if (test) return <TestResult id={test} />;
  if (code) return <CodeExchange code={code} />;
  const error = params.get("error");
  return <Refused message={t(`auth.sso.errors.${isSsoError(error) ? error : "other"}`)} />;
}

function Refused({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <LinkNotValid
      page={t("auth.sso.title")}
      title={t("auth.sso.failedTitle")}
      message={message}
      to="/login"
      action={t("auth.backToLogin")}
    />
  );
}

/** The one-time code exchanged once (a second render must not spend it again), then the dashboard. */
function CodeExchange({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void exchangeSsoCode({ code }).then((result) => {
      if (result.success) {
        navigate(result.redirectTo ?? "/", { replace: true });
        return;
      }
      const error = result.error as ApiError | undefined;
      setProblem(error?.message || t("auth.sso.errors.other"));
    });
  }, [code, navigate, t]);

  if (problem) return <Refused message={problem} />;
  return (
    <AuthLayout title={t("auth.sso.title")}>
      <div role="status" className="csc-auth__status">
        <Spin /> <span>{t("auth.sso.signingIn")}</span>
      </div>
    </AuthLayout>
  );
}

type TestState =
  | { kind: "loading" }
  | { kind: "signed-out" }
  | { kind: "missing" }
  | { kind: "shown"; result: SsoTestResult["data"] };

/** Test mode's result, for the staff member who ran it: who the provider says they are, and every claim. */
function TestResult({ id }: { id: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<TestState>(() => (getToken() ? { kind: "loading" } : { kind: "signed-out" }));

  useEffect(() => {
    if (!getToken()) return;
    getJson<SsoTestResult>(`/api/auth/oidc/test/${encodeURIComponent(id)}`).then(
      ({ data }) => setState({ kind: "shown", result: data }),
      () => setState({ kind: "missing" }),
    );
  }, [id]);

  const said = (value: string | boolean | null) =>
    value === null
      ? t("auth.sso.result.unknown")
      : typeof value === "boolean"
        ? t(`resources.${value ? "yes" : "no"}`)
        : value;

  return (
    <AuthLayout title={t("auth.sso.testTitle")}>
      {state.kind === "loading" ? <Spin /> : null}
      {state.kind === "signed-out" || state.kind === "missing" ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="sso-test-problem"
          message={t(state.kind === "signed-out" ? "auth.sso.testSignedOut" : "auth.sso.testMissing")}
        />
      ) : null}
      {state.kind === "shown" ? (
        <div data-testid="sso-test-result">
          <Alert
            type="info"
            showIcon
            role="status"
            message={t("auth.sso.testIntro", { institution: state.result.institution })}
            style={{ marginBottom: 16 }}
          />
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: "issuer", label: t("auth.sso.result.issuer"), children: state.result.issuer },
              { key: "subject", label: t("auth.sso.result.subject"), children: state.result.subject },
              { key: "email", label: t("auth.sso.result.email"), children: said(state.result.email) },
              {
                key: "email_verified",
                label: t("auth.sso.result.emailVerified"),
                children: said(state.result.email_verified),
              },
              { key: "name", label: t("auth.sso.result.name"), children: said(state.result.name) },
            ]}
          />
          <Descriptions
            bordered
            size="small"
            column={1}
            title={t("auth.sso.result.claims")}
            style={{ marginTop: 16 }}
            items={Object.entries(state.result.claims).map(([name, value]) => ({
              key: name,
              label: name,
              children: <code>{value === null ? "null" : String(value)}</code>,
            }))}
          />
        </div>
      ) : null}
      <p className="csc-auth__footer">
        <Link to="/">{t("auth.sso.testBack")}</Link>
      </p>
    </AuthLayout>
  );
}
