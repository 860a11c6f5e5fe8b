import {
  DataOf,
  isLearnerRole,
  MAX_PROFILE_TAGS,
  PASSWORD_MAX_LENGTH,
  PasswordChanged,
  ProfileOptions,
  ProfileSaved,
  tagFieldNameFor,
  validatePasswordChange,
} from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { profileOf } from "../domain/accounts.js";
import { profileDetailsOf, profileUpdate } from "../domain/profile.js";
import { badRequest } from "../platform/errors.js";
import { clearFailures, Tries } from "../platform/throttle.js";
import { nowIso } from "../platform/time.js";
import { ACCOUNT_ADDRESS_RULE, ACCOUNT_RULE, IP_RULE, loginThrottleKeys, reservePasswordTry } from "./auth.js";
import { bearer, ErrorResponse, errorResponses } from "./schemas.js";

// null first: with type coercion on, an integer or string branch tried first would turn null into 0 or ""
const NullableText = (maxLength: number) => Type.Union([Type.Null(), Type.String({ maxLength })]);
const PlaceId = Type.Union([Type.Null(), Type.Integer({ minimum: 1 })]);

/**
 * What the caller may change of their own profile (/profile): nothing else is accepted,
 * so role, e-mail, institution, permissions and status are refused by name (400).
 */
const ProfileBody = Type.Object(
  {
    full_name: Type.String({ maxLength: 500 }),
    photo: NullableText(300),
    phone: NullableText(30),
    linkedin_url: NullableText(300),
    website: NullableText(300),
    country: NullableText(2),
    province_id: PlaceId,
    district_id: PlaceId,
    municipality_id: PlaceId,
    program_department_id: PlaceId,
    year: Type.Union([Type.Null(), Type.Integer()]),
    preferences: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: MAX_PROFILE_TAGS }),
    calendar: Type.String({ maxLength: 20 }),
  },
  { additionalProperties: false },
);

/** Editing one's own profile and password; the answers carry the profile as `GET /profile` does. */
export default async function profileEditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.patch(
    "/profile",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["profile"],
        security: bearer,
        body: Type.Partial(ProfileBody, { additionalProperties: false }),
        response: { 200: ProfileSaved, ...errorResponses },
      },
    },
    async (request) => {
      const { auth, t } = request;
      const result = await profileUpdate(db, auth, request.body, t);
      if (!result.ok) throw badRequest(t("invalidInput"), result.errors);
      if (Object.keys(result.values).length > 0) {
        await db
          .updateTable("users")
          .set({ ...result.values, updated_at: nowIso() })
          .where("id", "=", auth.id)
          .execute();
      }
      const fullName = result.values.full_name ?? auth.fullName;
      const phone = "phone" in result.values ? (result.values.phone ?? null) : auth.phone;
      return {
        message: t("profile.saved"),
        data: { ...profileOf({ ...auth, fullName, phone }), ...(await profileDetailsOf(db, auth.id)) },
      };
    },
  );

  app.get(
    "/profile/options",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["profile"],
        security: bearer,
        response: {
          200: DataOf(ProfileOptions),
          401: ErrorResponse,
        },
      },
    },
    async (request) => {
      const { auth } = request;
      const tags = await db.selectFrom("tags").select(["id as value", "name as label"]).orderBy("name").execute();
      const own = auth.institution?.id ?? null;
      const programs = isLearnerRole(auth.role)
        ? await db
            .selectFrom("program_departments")
            .select(["id as value", "name as label", "kind"])
            .where((eb) =>
              own === null
                ? eb("institution_id", "is", null)
                : eb.or([eb("institution_id", "is", null), eb("institution_id", "=", own)]),
            )
            .orderBy("name")
            .execute()
        : [];
      return { data: { tag_field: tagFieldNameFor(auth.role), tags, program_departments: programs } };
    },
  );

  app.post(
    "/profile/password",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["profile"],
        security: bearer,
        body: Type.Object(
          {
            current_password: Type.String({ maxLength: 200 }),
            new_password: Type.String({ maxLength: PASSWORD_MAX_LENGTH * 4 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: PasswordChanged,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { auth, t, body } = request;
      const rules = validatePasswordChange(body);
      if (Object.keys(rules).length > 0) {
        const errors = Object.fromEntries(
          Object.entries(rules).map(([field, result]) => [field, t(result.key, {}, result.message)]),
        );
        throw badRequest(t("invalidInput"), errors);
      }
      // wrong current passwords count as wrong sign-ins do, in the same windows, and as there before
      // the password is hashed (auth.ts, passwordSignIn); the account's ceiling over all addresses
      // does not hold back its owner, who is signed in
      const keys = loginThrottleKeys(auth.email, request.ip);
      const gateKeys = [keys.address, keys.account];
      const tries = new Tries(db);
      await reservePasswordTry(request, tries, keys.accountAddress, ACCOUNT_ADDRESS_RULE);
      await reservePasswordTry(request, tries, keys.address, IP_RULE);
      await tries.reserve(keys.account, ACCOUNT_RULE);
      let valid: boolean;
      try {
        const { password_hash } = await db
          .selectFrom("users")
          .select("password_hash")
          .where("id", "=", auth.id)
          .executeTakeFirstOrThrow();
        valid = await app.passwords.verify(body.current_password, password_hash, gateKeys);
      } catch (error) {
        // no password was tried (the gate was full): nothing stays counted
        await tries.giveBack();
        throw error;
      }
      if (!valid) {
        await tries.keep();
        const message = t("profile.currentPassword");
        throw badRequest(message, { current_password: message });
      }
      await tries.giveBack();
      await clearFailures(db, keys.accountAddress);
      const passwordHash = await app.passwords.hash(body.new_password, gateKeys);
      // a new token version ends every session; the caller's own continues with the token answered
      const { token_version } = await db
        .updateTable("users")
        .set((eb) => ({
          password_hash: passwordHash,
          token_version: eb("token_version", "+", 1),
          updated_at: nowIso(),
        }))
        .where("id", "=", auth.id)
        .returning("token_version")
        .executeTakeFirstOrThrow();
      return {
        message: t("profile.passwordChanged"),
        data: { token: app.issueToken({ ...auth, tokenVersion: token_version }) },
      };
    },
  );
}
