import { FEATURE_KEYS, type FeatureKey, ROLES, type Role } from "@csc/shared";

/** DESIGN §4: the demo tenants and one account per role. */

export const FEATURE_PROFILES: {
  name: string;
  description: string;
  features: readonly FeatureKey[];
  isDefault: boolean;
}[] = [
  {
    name: "Complete",
    description: "Every feature: the provider's default plan for independent learners.",
    features: FEATURE_KEYS,
    isDefault: true,
  },
  {
    name: "Standard",
    description: "Career essentials without scholarships and global partners.",
    features: FEATURE_KEYS.filter((key) => key !== "scholarship" && key !== "global-partner"),
    isDefault: false,
  },
];

export interface DemoInstitution {
  key: "kmc" | "himal";
  name: string;
  type: "college" | "company";
  primaryColor: string;
  secondaryColor: string;
  plan: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  district: string;
  programs: string[];
  departments: string[];
}

export const INSTITUTIONS: DemoInstitution[] = [
  {
    key: "kmc",
    name: "Kathmandu Model College",
    type: "college",
    primaryColor: "#0E5E9C",
    secondaryColor: "#F2A900",
    plan: "Standard",
    email: "info@kmc.example.com",
    phone: "+977-1-4412345",
    website: "https://kmc.example.com",
    address: "Bagbazar, Kathmandu",
    district: "Kathmandu",
    programs: ["BBA", "BIM", "BSc CSIT", "BBS", "MBS"],
    departments: ["Management", "Information Technology", "Humanities"],
  },
  {
    key: "himal",
    name: "Himal Tech",
    type: "company",
    primaryColor: "#1B7F5C",
    secondaryColor: "#E4572E",
    plan: "Complete",
    email: "people@himal.example.com",
    phone: "+977-61-531234",
    website: "https://himal.example.com",
    address: "Lakeside, Pokhara",
    district: "Kaski",
    programs: ["Graduate Trainee", "Leadership Track"],
    departments: ["Engineering", "Sales", "Human Resources", "Finance"],
  },
];

export const RECRUITER = {
  name: "Everest Recruiters",
  email: "hello@everest-recruiters.example.com",
  phone: "+977-1-5523456",
  website: "https://everest-recruiters.example.com",
  address: "Jhamsikhel, Lalitpur",
};

export interface DemoAccount {
  email: string;
  fullName: string;
  role: Role;
  tenant: "kmc" | "himal" | "recruiter" | null;
}

export const ACCOUNTS: DemoAccount[] = [
  { email: "superadmin@example.com", fullName: "Sagar Shrestha", role: ROLES.SUPER_ADMIN, tenant: null },
  { email: "skilllab.admin@example.com", fullName: "Anjali Gurung", role: ROLES.SKILLLAB_ADMIN, tenant: null },
  { email: "skilllab.editor@example.com", fullName: "Bikash Tamang", role: ROLES.SKILLLAB_EDITOR, tenant: null },
  { email: "skilllab.viewer@example.com", fullName: "Chandani Rai", role: ROLES.SKILLLAB_VIEWER, tenant: null },
  { email: "college.admin@example.com", fullName: "Deepak Adhikari", role: ROLES.COLLEGE_ADMIN, tenant: "kmc" },
  { email: "college.editor@example.com", fullName: "Elina Maharjan", role: ROLES.INSTITUTION_EDITOR, tenant: "kmc" },
  { email: "college.viewer@example.com", fullName: "Gopal Thapa", role: ROLES.COLLEGE_VIEWER, tenant: "kmc" },
  { email: "company.admin@example.com", fullName: "Hari Karki", role: ROLES.INSTITUTION_ADMIN, tenant: "himal" },
  { email: "company.editor@example.com", fullName: "Ishwori Basnet", role: ROLES.INSTITUTION_EDITOR, tenant: "himal" },
  { email: "company.viewer@example.com", fullName: "Jiban Lama", role: ROLES.INSTITUTION_VIEWER, tenant: "himal" },
  { email: "recruiter.admin@example.com", fullName: "Kabita Joshi", role: ROLES.RECRUITER_ADMIN, tenant: "recruiter" },
  {
    email: "recruiter.editor@example.com",
    fullName: "Laxman Bhandari",
    role: ROLES.RECRUITER_EDITOR,
    tenant: "recruiter",
  },
  { email: "recruiter.viewer@example.com", fullName: "Manisha KC", role: ROLES.RECRUITER_VIEWER, tenant: "recruiter" },
  { email: "student@example.com", fullName: "Nabin Poudel", role: ROLES.STUDENT, tenant: "kmc" },
  { email: "employee@example.com", fullName: "Oshin Sherpa", role: ROLES.EMPLOYEE, tenant: "himal" },
  { email: "learner@example.com", fullName: "Pratiksha Neupane", role: ROLES.LEARNER, tenant: null },
];
