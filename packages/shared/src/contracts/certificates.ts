import { type Static, Type } from "typebox";
import { Nullable } from "./common.js";

/**
 * `GET /public/certificates/{code}`: what verifying a certificate tells anyone who holds its code —
 * whose it is, for what, since when, who issued it and where it is verified. Nothing else.
 */
export const VerifiedCertificate = Type.Object({
  code: Type.String(),
  holder: Type.String(),
  title: Nullable(Type.String()),
  item_type: Type.String(),
  completed_at: Nullable(Type.String()),
  issued_by: Type.String(),
  verify_url: Type.String(),
});
export type VerifiedCertificate = Static<typeof VerifiedCertificate>;

/**
 * `GET /public/certificates/{code}.pdf`: the printable certificate. Its bytes are sent as they are
 * (a Buffer is never serialised), so this only documents them.
 */
export const CertificatePdf = Type.Unsafe<Uint8Array>({
  type: "string",
  format: "binary",
  contentMediaType: "application/pdf",
  description: "The certificate as application/pdf",
});
