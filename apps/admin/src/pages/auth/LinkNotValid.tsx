import { Button, Result } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AuthLayout } from "./AuthLayout";

/** A page opened from an e-mailed link without its token: what went wrong, and where to go instead. */
export function LinkNotValid({
  page,
  title,
  message,
  to,
  action,
}: {
  page: string;
  title: string;
  message: string;
  to: string;
  action: ReactNode;
}) {
  return (
    <AuthLayout title={page}>
      <Result
        status="warning"
        title={title}
        subTitle={message}
        extra={
          <Link to={to}>
            <Button type="primary">{action}</Button>
          </Link>
        }
      />
    </AuthLayout>
  );
}
