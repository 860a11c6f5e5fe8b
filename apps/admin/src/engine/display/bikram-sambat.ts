// the conversion is shared with the API's mails (@csc/shared bikram-sambat.ts): one rule for both
export { BIKRAM_SAMBAT_MONTHS, type BikramSambatDay, fromBikramSambat, toBikramSambat } from "@csc/shared";
