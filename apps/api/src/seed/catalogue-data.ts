import type { EventType, GradingType, HiringSource, JobType, ProgrammeCategory } from "@csc/shared";

/**
 * DESIGN §4: the demo catalogue, learners and activity around the tenants of demo-data.ts.
 * Only the words live here; catalogue.ts turns them into rows with ids and dates derived from the
 * seed's reference date, so the same reference always gives the same rows.
 */

/** Who owns a catalogue row: the provider (no tenant), a demo institution or the demo recruiter company. */
export type Owner = "provider" | "kmc" | "himal" | "recruiter";

/** When an event runs relative to the reference date. */
export type Timing = "past" | "ongoing" | "upcoming";

/* People ------------------------------------------------------------------------------------ */

export const FIRST_NAMES = [
  "Aarati",
  "Aayush",
  "Abhishek",
  "Alisha",
  "Anish",
  "Anusha",
  "Ashmita",
  "Bibek",
  "Bipana",
  "Binod",
  "Dipesh",
  "Diksha",
  "Ganesh",
  "Gita",
  "Kiran",
  "Kritika",
  "Manish",
  "Mamata",
  "Niraj",
  "Nisha",
  "Pooja",
  "Prabin",
  "Prakriti",
  "Rajesh",
  "Rojina",
  "Roshan",
  "Sabina",
  "Sandesh",
  "Sanjana",
  "Sarita",
  "Sujan",
  "Sunita",
  "Suraj",
  "Sushma",
  "Tenzing",
  "Trishna",
  "Ujjwal",
  "Yamuna",
  "Yogesh",
  "Zenisha",
] as const;

export const LAST_NAMES = [
  "Acharya",
  "Adhikari",
  "Bajracharya",
  "Basnet",
  "Bhattarai",
  "Bista",
  "Chaudhary",
  "Dahal",
  "Ghimire",
  "Gurung",
  "Joshi",
  "Karki",
  "KC",
  "Khadka",
  "Koirala",
  "Lama",
  "Limbu",
  "Magar",
  "Maharjan",
  "Neupane",
  "Pandey",
  "Poudel",
  "Pradhan",
  "Rai",
  "Regmi",
  "Sapkota",
  "Shahi",
  "Sharma",
  "Sherpa",
  "Shrestha",
  "Subedi",
  "Tamang",
  "Thapa",
  "Tuladhar",
  "Yadav",
] as const;

/** Learners' skills: short labels a CV would list. */
export const SKILLS = [
  "JavaScript",
  "TypeScript",
  "React",
  "Node.js",
  "Python",
  "SQL",
  "Data Analysis",
  "Excel",
  "Power BI",
  "Accounting",
  "Tally Prime",
  "Digital Marketing",
  "SEO",
  "Content Writing",
  "Public Speaking",
  "Customer Service",
  "Sales",
  "Java",
  "Flutter",
  "UI/UX Design",
  "Figma",
  "Project Management",
  "Communication",
  "Leadership",
  "Teamwork",
  "Networking (CCNA)",
  "Linux",
  "AWS",
  "Machine Learning",
  "Graphic Design",
  "Financial Analysis",
  "Banking Operations",
  "Problem Solving",
  "English Writing",
] as const;

/** Where the demo learners live: mostly the Kathmandu valley for kmc, the Pokhara area for himal. */
export const LEARNER_DISTRICTS: Record<"kmc" | "himal" | "independent", readonly string[]> = {
  kmc: [
    "Kathmandu",
    "Kathmandu",
    "Kathmandu",
    "Kathmandu",
    "Lalitpur",
    "Lalitpur",
    "Bhaktapur",
    "Kavrepalanchok",
    "Chitwan",
    "Dhading",
    "Nuwakot",
    "Jhapa",
    "Morang",
  ],
  himal: ["Kaski", "Kaski", "Kaski", "Kaski", "Syangja", "Tanahun", "Lamjung", "Parbat", "Kathmandu", "Lalitpur"],
  independent: ["Kathmandu", "Lalitpur", "Kaski", "Rupandehi", "Chitwan", "Sunsari", "Kailali", "Banke"],
};

/** Cities the catalogue refers to: district and local level (as seeded by nepal.ts). */
export const CITIES = {
  kathmandu: { district: "Kathmandu", municipality: "Kathmandu Metropolitan City", label: "Kathmandu" },
  lalitpur: { district: "Lalitpur", municipality: "Lalitpur Metropolitan City", label: "Lalitpur" },
  bhaktapur: { district: "Bhaktapur", municipality: "Bhaktapur Municipality", label: "Bhaktapur" },
  pokhara: { district: "Kaski", municipality: "Pokhara Metropolitan City", label: "Pokhara" },
  butwal: { district: "Rupandehi", municipality: "Butwal Sub-Metropolitan City", label: "Butwal" },
  bharatpur: { district: "Chitwan", municipality: "Bharatpur Metropolitan City", label: "Bharatpur, Chitwan" },
  biratnagar: { district: "Morang", municipality: "Biratnagar Metropolitan City", label: "Biratnagar" },
} as const;
export type City = keyof typeof CITIES;

/** Contact persons of the demo institutions (`contact_persons`, DESIGN §2a "contacts"). */
export const INSTITUTION_CONTACTS: Record<"kmc" | "himal", { city: City; contacts: Contact[] }> = {
  kmc: {
    city: "kathmandu",
    contacts: [
      {
        full_name: "Ramesh Pandey",
        email: "principal@kmc.example.com",
        designation: "Principal",
        phone_no: "+977-1-4412345",
      },
      {
        full_name: "Sunita Shrestha",
        email: "placement@kmc.example.com",
        designation: "Placement Coordinator",
        phone_no: "+977-9841234567",
      },
      {
        full_name: "Bishnu Prasad Ghimire",
        email: "exam@kmc.example.com",
        designation: "Examination Controller",
        phone_no: "+977-9851098765",
      },
    ],
  },
  himal: {
    city: "pokhara",
    contacts: [
      {
        full_name: "Prakash Gurung",
        email: "ceo@himal.example.com",
        designation: "Chief Executive Officer",
        phone_no: "+977-61-531234",
      },
      {
        full_name: "Rojina Thapa",
        email: "hr@himal.example.com",
        designation: "HR Manager",
        phone_no: "+977-9856012345",
      },
    ],
  },
};

export interface Contact {
  full_name: string;
  email: string;
  designation: string;
  phone_no: string;
}

/* Recruiter companies and partnerships --------------------------------------------------------- */

export interface RecruiterSeed {
  name: string;
  status: "approved" | "pending" | "rejected";
  email: string;
  phone: string;
  website: string | null;
  address: string;
  contacts: Contact[];
  rejectReason?: string;
  /** Days before the reference date the company registered or sent its request. */
  ageDays: number;
}

export const RECRUITERS: RecruiterSeed[] = [
  {
    name: "Himalayan HR Solutions",
    status: "approved",
    email: "contact@himalayan-hr.example.com",
    phone: "+977-1-4256789",
    website: "https://himalayan-hr.example.com",
    address: "Putalisadak, Kathmandu",
    contacts: [
      {
        full_name: "Nirmala Sharma",
        email: "nirmala@himalayan-hr.example.com",
        designation: "Managing Director",
        phone_no: "+977-9801122334",
      },
    ],
    ageDays: 1260,
  },
  {
    name: "Annapurna Talent Hub",
    status: "approved",
    email: "jobs@annapurna-talent.example.com",
    phone: "+977-61-465432",
    website: "https://annapurna-talent.example.com",
    address: "New Road, Pokhara",
    contacts: [
      {
        full_name: "Dilip Gurung",
        email: "dilip@annapurna-talent.example.com",
        designation: "Talent Acquisition Lead",
        phone_no: "+977-9846011223",
      },
    ],
    ageDays: 980,
  },
  {
    name: "Patan Staffing Partners",
    status: "approved",
    email: "hello@patan-staffing.example.com",
    phone: "+977-1-5541122",
    website: "https://patan-staffing.example.com",
    address: "Pulchowk, Lalitpur",
    contacts: [
      {
        full_name: "Sarina Maharjan",
        email: "sarina@patan-staffing.example.com",
        designation: "Partner",
        phone_no: "+977-9803344556",
      },
    ],
    ageDays: 700,
  },
  {
    name: "Lumbini Workforce Services",
    status: "approved",
    email: "info@lumbini-workforce.example.com",
    phone: "+977-71-541234",
    website: null,
    address: "Traffic Chowk, Butwal",
    contacts: [
      {
        full_name: "Ram Bahadur Chaudhary",
        email: "ram@lumbini-workforce.example.com",
        designation: "Operations Manager",
        phone_no: "+977-9857022113",
      },
    ],
    ageDays: 430,
  },
  {
    name: "Bagmati Hire Pvt. Ltd.",
    status: "pending",
    email: "register@bagmati-hire.example.com",
    phone: "+977-1-4781234",
    website: "https://bagmati-hire.example.com",
    address: "Baneshwor, Kathmandu",
    contacts: [
      {
        full_name: "Sanjay Khadka",
        email: "sanjay@bagmati-hire.example.com",
        designation: "Founder",
        phone_no: "+977-9812345670",
      },
    ],
    ageDays: 9,
  },
  {
    name: "Fewa Careers",
    status: "pending",
    email: "team@fewa-careers.example.com",
    phone: "+977-61-462211",
    website: null,
    address: "Lakeside, Pokhara",
    contacts: [
      {
        full_name: "Menuka Poudel",
        email: "menuka@fewa-careers.example.com",
        designation: "Recruitment Officer",
        phone_no: "+977-9806654321",
      },
    ],
    ageDays: 4,
  },
  {
    name: "Janakpur Job Centre",
    status: "pending",
    email: "janakpurjobs@example.com",
    phone: "+977-41-525252",
    website: null,
    address: "Bhanu Chowk, Janakpur",
    contacts: [
      {
        full_name: "Sita Yadav",
        email: "sita.yadav@example.com",
        designation: "Proprietor",
        phone_no: "+977-9844123456",
      },
      {
        full_name: "Mukesh Jha",
        email: "mukesh.jha@example.com",
        designation: "Placement Officer",
        phone_no: "+977-9807654321",
      },
    ],
    ageDays: 2,
  },
  {
    name: "Koshi Manpower and Consultancy",
    status: "pending",
    email: "koshi.manpower@example.com",
    phone: "+977-21-470011",
    website: "https://koshi-manpower.example.com",
    address: "Main Road, Biratnagar",
    contacts: [
      {
        full_name: "Bimal Rai",
        email: "bimal@koshi-manpower.example.com",
        designation: "Director",
        phone_no: "+977-9852033445",
      },
    ],
    ageDays: 16,
  },
  {
    name: "Quick Visa Jobs Abroad",
    status: "rejected",
    email: "apply@quickvisajobs.example.com",
    phone: "+977-9800000001",
    website: null,
    address: "Gongabu, Kathmandu",
    contacts: [],
    rejectReason:
      "We could not verify the company registration (PAN) or a foreign employment licence. Please apply again with both documents.",
    ageDays: 61,
  },
];

/** Recruiter companies each demo institution works with (Everest Recruiters is the demo-data.ts one). */
export const PARTNERSHIPS: {
  institution: "kmc" | "himal";
  recruiter: string;
  status: "active" | "paused" | "ended";
  note: string;
  ageDays: number;
}[] = [
  {
    institution: "kmc",
    recruiter: "Everest Recruiters",
    status: "active",
    note: "Campus placement partner for BBA, BIM and BSc CSIT graduates.",
    ageDays: 1100,
  },
  {
    institution: "kmc",
    recruiter: "Himalayan HR Solutions",
    status: "active",
    note: "Banking and finance internships for BBS and MBS students.",
    ageDays: 820,
  },
  {
    institution: "kmc",
    recruiter: "Patan Staffing Partners",
    status: "active",
    note: "Part-time roles during semester breaks.",
    ageDays: 510,
  },
  {
    institution: "kmc",
    recruiter: "Annapurna Talent Hub",
    status: "paused",
    note: "Paused until the next hospitality intake.",
    ageDays: 300,
  },
  {
    institution: "himal",
    recruiter: "Everest Recruiters",
    status: "active",
    note: "Sourcing engineers and sales staff for the Pokhara office.",
    ageDays: 760,
  },
  {
    institution: "himal",
    recruiter: "Lumbini Workforce Services",
    status: "ended",
    note: "Contract for the Butwal support desk ended.",
    ageDays: 400,
  },
];

/* Reference lists ------------------------------------------------------------------------------ */

export const TAGS: { name: string; category: "Skill" | "Industry" | "Interest"; description: string }[] = [
  { name: "Web Development", category: "Skill", description: "Front-end and back-end development for the web." },
  { name: "Data Science", category: "Skill", description: "Statistics, analysis and machine learning." },
  { name: "Mobile Apps", category: "Skill", description: "Android, iOS and cross-platform apps." },
  { name: "Cloud Computing", category: "Skill", description: "AWS, Azure and DevOps practice." },
  { name: "Cybersecurity", category: "Skill", description: "Securing systems, networks and data." },
  { name: "Accounting", category: "Skill", description: "Book-keeping, taxation and auditing." },
  { name: "Digital Marketing", category: "Skill", description: "Social media, SEO and online campaigns." },
  { name: "Communication", category: "Skill", description: "Writing, presenting and interviewing." },
  { name: "Leadership", category: "Skill", description: "Leading people, projects and change." },
  { name: "Design", category: "Skill", description: "Graphic, UI and UX design." },
  { name: "Banking & Finance", category: "Industry", description: "Commercial banks, microfinance and insurance." },
  { name: "Information Technology", category: "Industry", description: "Software, IT services and outsourcing." },
  { name: "Hospitality & Tourism", category: "Industry", description: "Hotels, trekking and travel." },
  { name: "Hydropower & Energy", category: "Industry", description: "Hydropower projects and renewable energy." },
  { name: "Healthcare", category: "Industry", description: "Hospitals, clinics and public health." },
  { name: "Education", category: "Industry", description: "Schools, colleges and ed-tech." },
  { name: "Telecommunications", category: "Industry", description: "Telecom operators and internet providers." },
  { name: "NGO & Development", category: "Industry", description: "Non-profits and development partners." },
  { name: "Manufacturing", category: "Industry", description: "Factories, FMCG and production." },
  { name: "Retail & E-commerce", category: "Industry", description: "Shops, marketplaces and delivery." },
  { name: "Entrepreneurship", category: "Interest", description: "Starting and growing a business." },
  { name: "Remote Work", category: "Interest", description: "Jobs that can be done from anywhere." },
  { name: "Study Abroad", category: "Interest", description: "Degrees and exchanges outside Nepal." },
  { name: "Internships", category: "Interest", description: "Short work placements for students." },
  { name: "Public Service", category: "Interest", description: "Lok Sewa Aayog and government careers." },
  { name: "Research", category: "Interest", description: "Theses, papers and research assistantships." },
  { name: "Social Impact", category: "Interest", description: "Volunteering and community work." },
  { name: "Freelancing", category: "Interest", description: "Independent and project-based work." },
  { name: "Women in Tech", category: "Interest", description: "Programmes for women in technology." },
  { name: "Agritech", category: "Interest", description: "Technology for farming and food." },
];

export const GLOBAL_PARTNERS: {
  name: string;
  country: string;
  type: string;
  website: string;
  summary: string;
  published: boolean;
}[] = [
  {
    name: "Osaka Technical Exchange Foundation",
    country: "JP",
    type: "Scholarship",
    website: "https://osaka-tef.example.com",
    summary: "Funds one-year technical exchanges in Japan for engineering and IT graduates from South Asia.",
    published: true,
  },
  {
    name: "Seoul Digital Talent Foundation",
    country: "KR",
    type: "Training",
    website: "https://seoul-dtf.example.com",
    summary: "Runs ICT fellowships and Korean-language preparation for software developers.",
    published: true,
  },
  {
    name: "Southern Cross Education Trust",
    country: "AU",
    type: "Study Abroad",
    website: "https://southern-cross-trust.example.com",
    summary: "Supports Nepali students at regional Australian universities with tuition awards.",
    published: true,
  },
  {
    name: "Rhein Vocational Partnership",
    country: "DE",
    type: "Vocational Training",
    website: "https://rhein-vocational.example.com",
    summary: "Dual vocational training placements in German hospitality and nursing.",
    published: true,
  },
  {
    name: "Thames Valley Skills Council",
    country: "GB",
    type: "Accreditation",
    website: "https://tvsc.example.com",
    summary: "Accredits short professional courses and awards internationally recognised certificates.",
    published: true,
  },
  {
    name: "Maple Bridge Careers",
    country: "CA",
    type: "Placement",
    website: "https://maplebridge.example.com",
    summary: "Co-op work placements for international students in Canada.",
    published: false,
  },
  {
    name: "Bengaluru Tech Apprenticeships",
    country: "IN",
    type: "Internship",
    website: "https://blr-apprentice.example.com",
    summary: "Six-month apprenticeships with product companies in Bengaluru.",
    published: true,
  },
  {
    name: "Helsinki Learning Lab",
    country: "FI",
    type: "EdTech",
    website: "https://helsinki-learninglab.example.com",
    summary: "Open online courses on AI and digital skills, with teacher training for partner colleges.",
    published: true,
  },
  {
    name: "Singapore Digital Academy",
    country: "SG",
    type: "Training",
    website: "https://sg-digital-academy.example.com",
    summary: "Industry certifications in cloud, data and cybersecurity.",
    published: true,
  },
  {
    name: "Gulf Hospitality Institute",
    country: "AE",
    type: "Placement",
    website: "https://gulf-hospitality.example.com",
    summary: "Hotel management training with placements in Dubai and Abu Dhabi.",
    published: false,
  },
];

export const TESTIMONIALS: {
  author: string;
  designation: string;
  organization: string;
  quote: string;
  rating: number;
  published: boolean;
}[] = [
  {
    author: "Sushma Karki",
    designation: "Frontend Developer",
    organization: "Bagmati Software Pvt. Ltd.",
    quote:
      "The full-stack course and the mock interviews got me my first job three weeks after my BSc CSIT results came out.",
    rating: 5,
    published: true,
  },
  {
    author: "Roshan Tamang",
    designation: "Relationship Officer",
    organization: "Kanchan Commercial Bank Ltd.",
    quote: "I found the bank's vacancy on the portal and the banking guest lecture prepared me for the interview.",
    rating: 5,
    published: true,
  },
  {
    author: "Alisha Gurung",
    designation: "Graduate Trainee",
    organization: "Himal Tech",
    quote: "The onboarding track made the move from college to a real engineering team in Pokhara much easier.",
    rating: 4,
    published: true,
  },
  {
    author: "Deepak Adhikari",
    designation: "Campus Chief",
    organization: "Kathmandu Model College",
    quote: "We finally see every student's trainings, certificates and placements in one place.",
    rating: 5,
    published: true,
  },
  {
    author: "Kabita Joshi",
    designation: "Recruitment Lead",
    organization: "Everest Recruiters",
    quote: "Shortlisting from verified college profiles saves our team days on every campaign.",
    rating: 4,
    published: true,
  },
  {
    author: "Ujjwal Sapkota",
    designation: "BBA Student",
    organization: "Kathmandu Model College",
    quote: "The self-assessments showed me which skills to work on before the internship season.",
    rating: 4,
    published: true,
  },
  {
    author: "Trishna Rai",
    designation: "Data Analyst",
    organization: "Sajilo Services",
    quote: "Good courses, but I would like more evening batches for people who already work.",
    rating: 3,
    published: false,
  },
  {
    author: "Yogesh Bhattarai",
    designation: "Freelance Designer",
    organization: "Independent",
    quote: "The scholarship list helped me find a design course abroad I could actually afford.",
    rating: 5,
    published: true,
  },
];

/* Catalogue ------------------------------------------------------------------------------------ */

export interface CourseSeed {
  owner: Owner;
  title: string;
  category: ProgrammeCategory;
  summary: string;
  online: boolean;
  hours: number;
  grading: GradingType;
  weeks: number;
  tags: string[];
}

export const COURSES: CourseSeed[] = [
  {
    owner: "provider",
    title: "Full-Stack Web Development with React and Node.js",
    category: "job_placement",
    summary: "Build and deploy a complete web application, from React components to a Node.js API and SQL database.",
    online: true,
    hours: 120,
    grading: "grade",
    weeks: 12,
    tags: ["Web Development", "Information Technology"],
  },
  {
    owner: "provider",
    title: "Data Analysis with Python and Power BI",
    category: "self_paced_learning",
    summary: "Clean, analyse and visualise real Nepali datasets: remittance, tourism arrivals and census data.",
    online: true,
    hours: 60,
    grading: "percentage",
    weeks: 8,
    tags: ["Data Science"],
  },
  {
    owner: "provider",
    title: "Digital Marketing Fundamentals",
    category: "self_paced_learning",
    summary: "Social media strategy, SEO basics and paid campaigns for small businesses.",
    online: true,
    hours: 30,
    grading: "no_grades",
    weeks: 4,
    tags: ["Digital Marketing", "Entrepreneurship"],
  },
  {
    owner: "provider",
    title: "Professional Communication and Email Etiquette",
    category: "learning_events",
    summary: "Write clear emails, run meetings and present with confidence in a professional setting.",
    online: false,
    hours: 12,
    grading: "no_grades",
    weeks: 2,
    tags: ["Communication"],
  },
  {
    owner: "provider",
    title: "Cloud Practitioner Bootcamp (AWS)",
    category: "job_placement",
    summary: "Core AWS services, pricing and security, with a practice exam for the Cloud Practitioner certificate.",
    online: true,
    hours: 80,
    grading: "percentage",
    weeks: 10,
    tags: ["Cloud Computing", "Information Technology"],
  },
  {
    owner: "provider",
    title: "Basic Accounting with Tally Prime",
    category: "job_placement",
    summary: "Double-entry book-keeping, VAT and TDS in Tally Prime for accounts assistant roles.",
    online: false,
    hours: 48,
    grading: "grade",
    weeks: 6,
    tags: ["Accounting", "Banking & Finance"],
  },
  {
    owner: "provider",
    title: "Interview Preparation and CV Writing",
    category: "learning_events",
    summary: "Turn your experience into a one-page CV and practise the questions Nepali employers ask most.",
    online: false,
    hours: 8,
    grading: "no_grades",
    weeks: 1,
    tags: ["Communication", "Internships"],
  },
  {
    owner: "provider",
    title: "Introduction to Cybersecurity",
    category: "self_paced_learning",
    summary: "Threats, passwords, phishing and safe practice for everyone who works online.",
    online: true,
    hours: 40,
    grading: "percentage",
    weeks: 5,
    tags: ["Cybersecurity"],
  },
  {
    owner: "kmc",
    title: "Business Information Systems Lab (BIM)",
    category: "learning_events",
    summary: "A practical lab where BIM students model business processes and build a small ERP prototype.",
    online: false,
    hours: 45,
    grading: "grade",
    weeks: 15,
    tags: ["Information Technology", "Research"],
  },
  {
    owner: "kmc",
    title: "Financial Modelling in Excel for BBA Students",
    category: "self_paced_learning",
    summary: "Forecasts, ratios and valuation models built step by step in Excel.",
    online: false,
    hours: 36,
    grading: "grade",
    weeks: 6,
    tags: ["Banking & Finance", "Accounting"],
  },
  {
    owner: "kmc",
    title: "Research Methods for the MBS Thesis",
    category: "learning_events",
    summary: "From research question to questionnaire, SPSS analysis and APA referencing.",
    online: false,
    hours: 30,
    grading: "percentage",
    weeks: 8,
    tags: ["Research"],
  },
  {
    owner: "kmc",
    title: "Mobile App Development with Flutter",
    category: "job_placement",
    summary: "Build a cross-platform app with Flutter and Firebase and publish it to the Play Store.",
    online: true,
    hours: 64,
    grading: "grade",
    weeks: 8,
    tags: ["Mobile Apps", "Web Development"],
  },
  {
    owner: "kmc",
    title: "Soft Skills for Campus Placement",
    category: "learning_events",
    summary: "Group discussion, presentation and interview practice before the placement week.",
    online: false,
    hours: 16,
    grading: "no_grades",
    weeks: 2,
    tags: ["Communication", "Leadership"],
  },
  {
    owner: "himal",
    title: "Graduate Trainee Onboarding: Engineering Practices",
    category: "job_placement",
    summary: "Git workflow, code review, testing and deployment the way Himal Tech teams work.",
    online: false,
    hours: 40,
    grading: "no_grades",
    weeks: 4,
    tags: ["Web Development", "Information Technology"],
  },
  {
    owner: "himal",
    title: "Secure Coding Essentials",
    category: "self_paced_learning",
    summary: "The OWASP Top 10 with examples from our own code base, required for every engineer.",
    online: true,
    hours: 20,
    grading: "percentage",
    weeks: 3,
    tags: ["Cybersecurity"],
  },
  {
    owner: "himal",
    title: "Consultative Selling for Enterprise Clients",
    category: "learning_events",
    summary: "Discovery calls, proposals and negotiation for the sales team.",
    online: false,
    hours: 24,
    grading: "no_grades",
    weeks: 3,
    tags: ["Communication", "Retail & E-commerce"],
  },
  {
    owner: "himal",
    title: "Leadership Track: Managing High-Performing Teams",
    category: "learning_events",
    summary: "Feedback, delegation and one-to-ones for new team leads.",
    online: false,
    hours: 32,
    grading: "grade",
    weeks: 8,
    tags: ["Leadership"],
  },
  {
    owner: "himal",
    title: "Kubernetes and CI/CD in Practice",
    category: "self_paced_learning",
    summary: "Containers, Helm charts and pipelines on the company's staging cluster.",
    online: true,
    hours: 36,
    grading: "percentage",
    weeks: 6,
    tags: ["Cloud Computing"],
  },
];

export interface ScholarshipSeed {
  owner: Owner;
  title: string;
  provider: string;
  country: string;
  amount: number;
  summary: string;
  eligibility: string;
  tags: string[];
}

export const SCHOLARSHIPS: ScholarshipSeed[] = [
  {
    owner: "provider",
    title: "Nepal Youth STEM Scholarship",
    provider: "Nepal Youth Education Fund",
    country: "NP",
    amount: 120_000,
    summary: "Covers one year of tuition for a bachelor's degree in science, engineering or IT.",
    eligibility: "Nepali citizens under 25 with a GPA of 3.2 or above in +2 Science.",
    tags: ["Education", "Information Technology"],
  },
  {
    owner: "provider",
    title: "Japan Skills Exchange Graduate Scholarship",
    provider: "Osaka Technical Exchange Foundation",
    country: "JP",
    amount: 2_400_000,
    summary: "A one-year technical exchange in Osaka with a monthly stipend and Japanese classes.",
    eligibility: "Engineering or IT graduates with JLPT N4 or higher.",
    tags: ["Study Abroad"],
  },
  {
    owner: "provider",
    title: "Korea Global ICT Fellowship",
    provider: "Seoul Digital Talent Foundation",
    country: "KR",
    amount: 1_800_000,
    summary: "Six months of software training in Seoul followed by a placement with a Korean company.",
    eligibility: "Graduates in computer science or BIM with at least one year of experience.",
    tags: ["Study Abroad", "Information Technology"],
  },
  {
    owner: "provider",
    title: "Women in Technology Bursary",
    provider: "Himalayan Women in Tech Network",
    country: "NP",
    amount: 75_000,
    summary: "Course fees and a laptop allowance for women starting a career in technology.",
    eligibility: "Women enrolled in any IT course or bootcamp in Nepal.",
    tags: ["Women in Tech"],
  },
  {
    owner: "provider",
    title: "Australia Regional Study Award",
    provider: "Southern Cross Education Trust",
    country: "AU",
    amount: 3_200_000,
    summary: "A 50% tuition waiver for a master's degree at a regional Australian university.",
    eligibility: "Bachelor's degree with first division and IELTS 6.5 overall.",
    tags: ["Study Abroad"],
  },
  {
    owner: "provider",
    title: "German Vocational Exchange Grant",
    provider: "Rhein Vocational Partnership",
    country: "DE",
    amount: 1_500_000,
    summary: "Dual vocational training in hospitality or nursing with paid placements in Germany.",
    eligibility: "Aged 18–30, German A2 certificate, +2 completed.",
    tags: ["Study Abroad", "Hospitality & Tourism", "Healthcare"],
  },
  {
    owner: "kmc",
    title: "KMC Merit Scholarship",
    provider: "Kathmandu Model College",
    country: "NP",
    amount: 60_000,
    summary: "Awarded each year to the top three students of every programme.",
    eligibility: "Top three in the previous year's university examination, no backlog.",
    tags: ["Education"],
  },
  {
    owner: "kmc",
    title: "KMC Need-Based Tuition Waiver",
    provider: "Kathmandu Model College",
    country: "NP",
    amount: 45_000,
    summary: "Partial tuition waiver for students from low-income families and remote districts.",
    eligibility: "Family income certificate from the ward office; attendance above 80%.",
    tags: ["Education", "Social Impact"],
  },
  {
    owner: "kmc",
    title: "Dean's List Award for BSc CSIT",
    provider: "Kathmandu Model College",
    country: "NP",
    amount: 30_000,
    summary: "A cash award and certificate for BSc CSIT students on the Dean's list.",
    eligibility: "Semester GPA of 3.6 or above.",
    tags: ["Information Technology"],
  },
  {
    owner: "himal",
    title: "Himal Tech Continuing Education Grant",
    provider: "Himal Tech",
    country: "NP",
    amount: 150_000,
    summary: "Up to NPR 150,000 a year towards a master's degree or professional diploma.",
    eligibility: "Employees with one year of service and a manager's recommendation.",
    tags: ["Education", "Leadership"],
  },
  {
    owner: "himal",
    title: "Himal Tech Certification Reimbursement",
    provider: "Himal Tech",
    country: "NP",
    amount: 40_000,
    summary: "Exam fees reimbursed for AWS, Azure, Scrum and ISTQB certificates.",
    eligibility: "All permanent employees; the certificate must be passed within the fiscal year.",
    tags: ["Cloud Computing"],
  },
  {
    owner: "himal",
    title: "Himal Tech Women Leaders Fellowship",
    provider: "Himal Tech",
    country: "NP",
    amount: 90_000,
    summary: "Leadership coaching and a conference budget for women moving into management.",
    eligibility: "Women employees at senior engineer or team-lead level.",
    tags: ["Women in Tech", "Leadership"],
  },
];

export interface RoadmapSeed {
  owner: Owner;
  title: string;
  role: string;
  summary: string;
  months: number;
  skills: string[];
  steps: string[];
  tags: string[];
}

export const ROADMAPS: RoadmapSeed[] = [
  {
    owner: "provider",
    title: "Become a Frontend Developer",
    role: "Frontend Developer",
    summary: "From HTML basics to a React portfolio that gets interviews.",
    months: 9,
    skills: ["JavaScript", "TypeScript", "React", "Figma"],
    steps: [
      "HTML, CSS and responsive layouts",
      "JavaScript and the DOM",
      "React and state",
      "Portfolio and interviews",
    ],
    tags: ["Web Development"],
  },
  {
    owner: "provider",
    title: "Path to Data Analyst",
    role: "Data Analyst",
    summary: "Spreadsheets, SQL and dashboards for data roles in banks, NGOs and tech firms.",
    months: 8,
    skills: ["Excel", "SQL", "Python", "Power BI"],
    steps: ["Excel and statistics", "SQL queries", "Python with pandas", "Dashboards and storytelling"],
    tags: ["Data Science"],
  },
  {
    owner: "provider",
    title: "Audit Associate in a CA Firm",
    role: "Audit Associate",
    summary: "The route from a BBS or BBA degree to an audit team in a chartered accountancy firm.",
    months: 18,
    skills: ["Accounting", "Tally Prime", "Excel", "Financial Analysis"],
    steps: ["NFRS basics", "Tally and Excel", "Articleship", "Audit documentation"],
    tags: ["Accounting", "Banking & Finance"],
  },
  {
    owner: "provider",
    title: "Digital Marketing Executive",
    role: "Digital Marketing Executive",
    summary: "Run campaigns for brands in Nepal on Facebook, TikTok and Google.",
    months: 6,
    skills: ["Digital Marketing", "SEO", "Content Writing"],
    steps: ["Content and copywriting", "Social media ads", "SEO and analytics", "A client project"],
    tags: ["Digital Marketing"],
  },
  {
    owner: "provider",
    title: "Cloud Support Engineer",
    role: "Cloud Support Engineer",
    summary: "Linux, networking and AWS for support and DevOps teams.",
    months: 12,
    skills: ["Linux", "Networking (CCNA)", "AWS"],
    steps: ["Linux administration", "Networking fundamentals", "AWS core services", "Monitoring and on-call"],
    tags: ["Cloud Computing"],
  },
  {
    owner: "kmc",
    title: "From BBA to Bank Officer",
    role: "Bank Officer",
    summary: "Prepare for the entrance exams and interviews of Nepal's commercial banks.",
    months: 12,
    skills: ["Banking Operations", "Financial Analysis", "Communication"],
    steps: ["Banking awareness", "Aptitude practice", "Internship at a branch", "Interview preparation"],
    tags: ["Banking & Finance"],
  },
  {
    owner: "kmc",
    title: "BSc CSIT to Software Engineer",
    role: "Software Engineer",
    summary: "What to build and learn alongside the CSIT syllabus to be job-ready at graduation.",
    months: 12,
    skills: ["Java", "JavaScript", "SQL", "Problem Solving"],
    steps: ["Data structures", "A web framework", "Team project on GitHub", "Internship in the 7th semester"],
    tags: ["Web Development", "Internships"],
  },
  {
    owner: "kmc",
    title: "MBS to HR Generalist",
    role: "HR Generalist",
    summary: "Labour Act 2074, payroll and recruitment skills for HR roles.",
    months: 10,
    skills: ["Communication", "Excel", "Project Management"],
    steps: ["Labour law in Nepal", "Payroll and SSF", "Recruitment practice", "HR internship"],
    tags: ["Leadership"],
  },
  {
    owner: "himal",
    title: "Junior to Senior Engineer at Himal Tech",
    role: "Senior Software Engineer",
    summary: "The expectations and milestones of each engineering level at Himal Tech.",
    months: 24,
    skills: ["TypeScript", "Node.js", "AWS", "Leadership"],
    steps: ["Own a feature end to end", "Lead a code review rotation", "Design a service", "Mentor a trainee"],
    tags: ["Web Development", "Leadership"],
  },
  {
    owner: "himal",
    title: "Sales Associate to Account Manager",
    role: "Account Manager",
    summary: "Grow from inbound sales to managing enterprise accounts.",
    months: 18,
    skills: ["Sales", "Communication", "Customer Service"],
    steps: ["Product certification", "Inbound pipeline", "First enterprise deal", "Quarterly business reviews"],
    tags: ["Retail & E-commerce"],
  },
];

export interface Question {
  question: string;
  options: string[];
  answer: string;
}

export interface AssessmentSeed {
  owner: Owner;
  title: string;
  category: string;
  summary: string;
  minutes: number;
  grading: GradingType;
  passMark: number;
  questions: Question[];
  tags: string[];
}

export const ASSESSMENTS: AssessmentSeed[] = [
  {
    owner: "provider",
    title: "JavaScript Fundamentals Check",
    category: "Technical",
    summary: "Fifteen minutes on variables, functions and arrays.",
    minutes: 15,
    grading: "percentage",
    passMark: 60,
    questions: [
      {
        question: "Which keyword declares a variable that cannot be reassigned?",
        options: ["var", "let", "const", "static"],
        answer: "const",
      },
      {
        question: "What does [1, 2, 3].map((n) => n * 2) return?",
        options: ["[2, 4, 6]", "[1, 2, 3]", "6", "undefined"],
        answer: "[2, 4, 6]",
      },
      {
        question: "Which operator compares without type conversion?",
        options: ["==", "===", "=", "!="],
        answer: "===",
      },
    ],
    tags: ["Web Development"],
  },
  {
    owner: "provider",
    title: "Excel for Business",
    category: "Technical",
    summary: "Formulas and lookups every office job expects.",
    minutes: 20,
    grading: "percentage",
    passMark: 50,
    questions: [
      {
        question: "Which function adds the values of a range?",
        options: ["SUM", "COUNT", "ADD", "TOTAL"],
        answer: "SUM",
      },
      {
        question: "Which function finds a value in the first column of a table?",
        options: ["VLOOKUP", "HLOOKUP", "MATCH", "INDEX"],
        answer: "VLOOKUP",
      },
      {
        question: "What does $A$1 mean in a formula?",
        options: ["An absolute reference", "A currency value", "A named range", "An error"],
        answer: "An absolute reference",
      },
    ],
    tags: ["Accounting"],
  },
  {
    owner: "provider",
    title: "Workplace Communication",
    category: "Soft Skills",
    summary: "How you write, listen and handle feedback at work.",
    minutes: 10,
    grading: "grade",
    passMark: 50,
    questions: [
      {
        question: "Your manager's instructions are unclear. What do you do first?",
        options: ["Guess and start", "Ask a clarifying question", "Wait for a reminder", "Ask a colleague to do it"],
        answer: "Ask a clarifying question",
      },
      {
        question: "What belongs in an email subject line?",
        options: ["Nothing", "A short summary of the request", "Your full name", "The whole message"],
        answer: "A short summary of the request",
      },
      {
        question: "A client is angry on the phone. What is the best first step?",
        options: ["Interrupt", "Listen and acknowledge", "Transfer the call", "Hang up"],
        answer: "Listen and acknowledge",
      },
    ],
    tags: ["Communication"],
  },
  {
    owner: "provider",
    title: "Career Interest Inventory",
    category: "Career",
    summary: "No right or wrong answers: find the kind of work that suits you.",
    minutes: 10,
    grading: "no_grades",
    passMark: 0,
    questions: [
      {
        question: "Which task would you enjoy most?",
        options: ["Fixing a bug", "Designing a poster", "Talking to customers", "Balancing accounts"],
        answer: "Fixing a bug",
      },
      {
        question: "Where would you like to work?",
        options: ["An office in Kathmandu", "Remotely", "In the field", "Abroad"],
        answer: "Remotely",
      },
      {
        question: "What matters most in your first job?",
        options: ["Salary", "Learning", "Stability", "Impact"],
        answer: "Learning",
      },
    ],
    tags: ["Internships"],
  },
  {
    owner: "provider",
    title: "Logical Reasoning Practice",
    category: "Aptitude",
    summary: "Aptitude questions in the style of bank and Lok Sewa entrance exams.",
    minutes: 25,
    grading: "percentage",
    passMark: 40,
    questions: [
      {
        question: "What comes next: 2, 6, 12, 20, ?",
        options: ["28", "30", "32", "36"],
        answer: "30",
      },
      {
        question: "If all bankers are graduates and Ram is a banker, then Ram is…",
        options: ["a graduate", "not a graduate", "a manager", "cannot be said"],
        answer: "a graduate",
      },
      {
        question: "A train travels 120 km in 2 hours. What is its speed?",
        options: ["40 km/h", "60 km/h", "80 km/h", "240 km/h"],
        answer: "60 km/h",
      },
    ],
    tags: ["Public Service", "Banking & Finance"],
  },
  {
    owner: "kmc",
    title: "BBA First Semester Accounting Review",
    category: "Academic",
    summary: "Revision quiz before the Tribhuvan University semester exam.",
    minutes: 30,
    grading: "grade",
    passMark: 45,
    questions: [
      {
        question: "Which statement shows a company's financial position on a date?",
        options: ["Balance sheet", "Income statement", "Cash flow statement", "Trial balance"],
        answer: "Balance sheet",
      },
      {
        question: "Assets equal liabilities plus…",
        options: ["Equity", "Revenue", "Expenses", "Drawings"],
        answer: "Equity",
      },
      {
        question: "Depreciation is…",
        options: ["An expense", "An asset", "A liability", "Income"],
        answer: "An expense",
      },
    ],
    tags: ["Accounting"],
  },
  {
    owner: "kmc",
    title: "Database Systems Self-Check (CSIT)",
    category: "Technical",
    summary: "Normalisation, SQL and transactions from the CSIT database course.",
    minutes: 20,
    grading: "percentage",
    passMark: 50,
    questions: [
      {
        question: "Which normal form removes partial dependencies?",
        options: ["1NF", "2NF", "3NF", "BCNF"],
        answer: "2NF",
      },
      {
        question: "Which SQL clause filters groups?",
        options: ["WHERE", "HAVING", "ORDER BY", "LIMIT"],
        answer: "HAVING",
      },
      {
        question: "The 'I' in ACID stands for…",
        options: ["Isolation", "Integrity", "Index", "Insertion"],
        answer: "Isolation",
      },
    ],
    tags: ["Information Technology"],
  },
  {
    owner: "kmc",
    title: "Campus Placement Readiness",
    category: "Career",
    summary: "Check your CV, LinkedIn and interview preparation before placement week.",
    minutes: 10,
    grading: "no_grades",
    passMark: 0,
    questions: [
      {
        question: "How long should a fresher's CV be?",
        options: ["One page", "Three pages", "Five pages", "As long as possible"],
        answer: "One page",
      },
      {
        question: "Which photo suits a LinkedIn profile?",
        options: ["A clear, professional headshot", "A group photo", "A landscape", "No photo"],
        answer: "A clear, professional headshot",
      },
      {
        question: "When should you arrive for an interview?",
        options: ["10–15 minutes early", "Exactly on time", "A little late", "Any time that day"],
        answer: "10–15 minutes early",
      },
    ],
    tags: ["Internships", "Communication"],
  },
  {
    owner: "himal",
    title: "Information Security Awareness",
    category: "Compliance",
    summary: "Yearly security quiz every Himal Tech employee must pass.",
    minutes: 15,
    grading: "percentage",
    passMark: 80,
    questions: [
      {
        question: "You receive an email asking for your password. What do you do?",
        options: ["Reply with it", "Report it as phishing", "Ignore it", "Forward it to a colleague"],
        answer: "Report it as phishing",
      },
      {
        question: "Where may customer data be stored?",
        options: ["Approved company systems only", "A personal Google Drive", "A USB stick", "Email attachments"],
        answer: "Approved company systems only",
      },
      {
        question: "What makes a strong password?",
        options: ["A long passphrase", "Your birthday", "The word password", "Your name and 123"],
        answer: "A long passphrase",
      },
    ],
    tags: ["Cybersecurity"],
  },
  {
    owner: "himal",
    title: "Himal Tech Code of Conduct",
    category: "Compliance",
    summary: "Our values, conflicts of interest and how to raise a concern.",
    minutes: 10,
    grading: "percentage",
    passMark: 70,
    questions: [
      {
        question: "A vendor offers you an expensive gift. What do you do?",
        options: ["Accept it", "Declare it to HR", "Share it with the team", "Ask for more"],
        answer: "Declare it to HR",
      },
      {
        question: "Who can you contact to raise a concern anonymously?",
        options: ["The ethics hotline", "Nobody", "Social media", "A competitor"],
        answer: "The ethics hotline",
      },
      {
        question: "Working on a side project for a competitor is…",
        options: ["A conflict of interest", "Always fine", "Encouraged", "None of the above"],
        answer: "A conflict of interest",
      },
    ],
    tags: ["Leadership"],
  },
];

export interface EventSeed {
  owner: Owner;
  title: string;
  type: EventType;
  summary: string;
  online: boolean;
  venue: string | null;
  capacity: number;
  timing: Timing;
  tags: string[];
}

export const EVENTS: EventSeed[] = [
  {
    owner: "provider",
    title: "National Career Fair",
    type: "event",
    summary: "Meet more than 60 employers from banking, IT, hospitality and hydropower in one place.",
    online: false,
    venue: "Bhrikuti Mandap Exhibition Hall, Kathmandu",
    capacity: 3000,
    timing: "upcoming",
    tags: ["Internships", "Information Technology", "Banking & Finance"],
  },
  {
    owner: "provider",
    title: "Resume Clinic Webinar",
    type: "session",
    summary: "Share your CV on screen and get live feedback from HR managers.",
    online: true,
    venue: null,
    capacity: 300,
    timing: "past",
    tags: ["Communication"],
  },
  {
    owner: "provider",
    title: "Guest Lecture: Building a Startup in Nepal",
    type: "guest_lecture",
    summary: "Founders talk about registration, funding and hiring for a startup in Kathmandu.",
    online: false,
    venue: "Nepal Academy Hall, Kamaladi",
    capacity: 400,
    timing: "past",
    tags: ["Entrepreneurship"],
  },
  {
    owner: "provider",
    title: "Hands-on Workshop: Git and GitHub",
    type: "workshop",
    summary: "Branches, pull requests and open-source contributions in one afternoon.",
    online: false,
    venue: "Innovation Hub, Jhamsikhel, Lalitpur",
    capacity: 60,
    timing: "ongoing",
    tags: ["Web Development"],
  },
  {
    owner: "provider",
    title: "Python for Beginners (Evening Cohort)",
    type: "training",
    summary: "Four weeks of evening classes for people who have never programmed.",
    online: true,
    venue: null,
    capacity: 120,
    timing: "upcoming",
    tags: ["Data Science"],
  },
  {
    owner: "provider",
    title: "Aptitude Test for Trainee Programmes",
    type: "exam",
    summary: "One shared test accepted by five partner employers for their trainee intakes.",
    online: true,
    venue: null,
    capacity: 1000,
    timing: "past",
    tags: ["Public Service"],
  },
  {
    owner: "kmc",
    title: "KMC Tech Fest",
    type: "event",
    summary: "Project exhibition, hackathon and robotics showcase by KMC students.",
    online: false,
    venue: "KMC Auditorium, Bagbazar, Kathmandu",
    capacity: 800,
    timing: "past",
    tags: ["Information Technology"],
  },
  {
    owner: "kmc",
    title: "Guest Lecture: Careers in Nepal's Banking Sector",
    type: "guest_lecture",
    summary: "A deputy CEO on entrance exams, career paths and the future of digital banking.",
    online: false,
    venue: "KMC Seminar Hall, Bagbazar",
    capacity: 250,
    timing: "upcoming",
    tags: ["Banking & Finance"],
  },
  {
    owner: "kmc",
    title: "Internship Orientation",
    type: "session",
    summary: "Rules, reports and evaluation of the BBA and BIM internships.",
    online: false,
    venue: "KMC Block B, Room 204",
    capacity: 180,
    timing: "past",
    tags: ["Internships"],
  },
  {
    owner: "kmc",
    title: "Entrepreneurship Workshop: Pitching Your Idea",
    type: "workshop",
    summary: "Build a one-minute pitch and present it to mentors from the Kathmandu startup scene.",
    online: false,
    venue: "KMC Innovation Lab",
    capacity: 40,
    timing: "ongoing",
    tags: ["Entrepreneurship"],
  },
  {
    owner: "kmc",
    title: "Mock Interview Day",
    type: "others",
    summary: "Fifteen-minute mock interviews with alumni working in banks and IT companies.",
    online: false,
    venue: "KMC Library Hall",
    capacity: 120,
    timing: "upcoming",
    tags: ["Communication", "Internships"],
  },
  {
    owner: "himal",
    title: "Observability Training",
    type: "training",
    summary: "Logs, metrics and traces with the company's monitoring stack.",
    online: true,
    venue: null,
    capacity: 50,
    timing: "ongoing",
    tags: ["Cloud Computing"],
  },
  {
    owner: "himal",
    title: "Lunch & Learn: Effective Code Review",
    type: "session",
    summary: "How to give and receive review comments that help.",
    online: false,
    venue: "Himal Tech Office, Lakeside, Pokhara",
    capacity: 40,
    timing: "past",
    tags: ["Web Development"],
  },
  {
    owner: "himal",
    title: "Pokhara Hackathon",
    type: "event",
    summary: "Forty-eight hours to build tools for tourism and agriculture in Gandaki Province.",
    online: false,
    venue: "Himal Tech Campus, Lakeside, Pokhara",
    capacity: 150,
    timing: "upcoming",
    tags: ["Agritech", "Hospitality & Tourism"],
  },
  {
    owner: "himal",
    title: "First Aid and Workplace Safety Training",
    type: "training",
    summary: "Certified first-aid training with the Nepal Red Cross Society, Kaski chapter.",
    online: false,
    venue: "Himal Tech Office, Lakeside, Pokhara",
    capacity: 30,
    timing: "past",
    tags: ["Healthcare"],
  },
  {
    owner: "himal",
    title: "Sales Bootcamp for New Hires",
    type: "course",
    summary: "Two weeks of product, pitch and CRM training for the new sales team.",
    online: false,
    venue: "Himal Tech Office, Lakeside, Pokhara",
    capacity: 25,
    timing: "past",
    tags: ["Retail & E-commerce"],
  },
  {
    owner: "recruiter",
    title: "Walk-in Interview Day: Customer Support",
    type: "event",
    summary: "On-the-spot interviews for 40 customer support positions in Kathmandu and Lalitpur.",
    online: false,
    venue: "Everest Recruiters Office, Jhamsikhel, Lalitpur",
    capacity: 200,
    timing: "upcoming",
    tags: ["Telecommunications"],
  },
  {
    owner: "recruiter",
    title: "Webinar: Cracking Bank Interviews",
    type: "session",
    summary: "What commercial banks ask in interviews, with answers from their HR teams.",
    online: true,
    venue: null,
    capacity: 500,
    timing: "past",
    tags: ["Banking & Finance"],
  },
  {
    owner: "recruiter",
    title: "Hospitality Careers Open Day",
    type: "event",
    summary: "Meet hotels and resorts hiring front office, kitchen and housekeeping staff.",
    online: false,
    venue: "Lakeside Convention Centre, Pokhara",
    capacity: 300,
    timing: "past",
    tags: ["Hospitality & Tourism"],
  },
  {
    owner: "recruiter",
    title: "Aptitude Screening for Graduate Hires",
    type: "exam",
    summary: "The first round for the graduate hiring campaign of three partner companies.",
    online: true,
    venue: null,
    capacity: 800,
    timing: "ongoing",
    tags: ["Internships"],
  },
];

export interface JobSeed {
  owner: Owner;
  title: string;
  type: JobType;
  company: string;
  city: City;
  summary: string;
  salary: [number, number];
  openings: number;
  source: HiringSource;
  skills: string[];
  tags: string[];
}

export const JOBS: JobSeed[] = [
  {
    owner: "provider",
    title: "Junior Frontend Developer",
    type: "full_time",
    company: "Bagmati Software Pvt. Ltd.",
    city: "kathmandu",
    summary: "Build React interfaces for fintech clients with a friendly team in Baneshwor.",
    salary: [45_000, 70_000],
    openings: 3,
    source: "externally",
    skills: ["JavaScript", "React", "CSS"],
    tags: ["Web Development", "Information Technology"],
  },
  {
    owner: "provider",
    title: "Data Entry Intern",
    type: "internship",
    company: "Sajilo Services",
    city: "lalitpur",
    summary: "Three-month paid internship digitising customer records.",
    salary: [12_000, 15_000],
    openings: 5,
    source: "externally",
    skills: ["Excel", "Typing"],
    tags: ["Internships"],
  },
  {
    owner: "provider",
    title: "Content Writer",
    type: "remote",
    company: "Nepal Digital Media",
    city: "kathmandu",
    summary: "Write English articles and social posts for travel and lifestyle brands.",
    salary: [30_000, 45_000],
    openings: 2,
    source: "externally",
    skills: ["Content Writing", "SEO"],
    tags: ["Digital Marketing", "Remote Work"],
  },
  {
    owner: "provider",
    title: "Accounts Assistant",
    type: "full_time",
    company: "Annapurna Traders Pvt. Ltd.",
    city: "pokhara",
    summary: "Day-to-day book-keeping, VAT returns and bank reconciliation.",
    salary: [28_000, 35_000],
    openings: 1,
    source: "externally",
    skills: ["Accounting", "Tally Prime"],
    tags: ["Accounting"],
  },
  {
    owner: "provider",
    title: "Site Engineer Trainee",
    type: "trainee",
    company: "Trishuli Hydro Developers",
    city: "bharatpur",
    summary: "One-year trainee programme on a 40 MW run-of-river project.",
    salary: [35_000, 45_000],
    openings: 4,
    source: "externally",
    skills: ["AutoCAD", "Project Management"],
    tags: ["Hydropower & Energy"],
  },
  {
    owner: "kmc",
    title: "Teaching Assistant – BSc CSIT",
    type: "part_time",
    company: "Kathmandu Model College",
    city: "kathmandu",
    summary: "Help with programming labs for first-year CSIT students, ten hours a week.",
    salary: [15_000, 20_000],
    openings: 2,
    source: "internally",
    skills: ["Java", "Python"],
    tags: ["Education"],
  },
  {
    owner: "kmc",
    title: "Library Assistant (Student Job)",
    type: "part_time",
    company: "Kathmandu Model College",
    city: "kathmandu",
    summary: "Evening shifts at the college library; open to current students.",
    salary: [10_000, 12_000],
    openings: 2,
    source: "internally",
    skills: ["Customer Service"],
    tags: ["Education"],
  },
  {
    owner: "kmc",
    title: "Campus Ambassador",
    type: "internship",
    company: "Kathmandu Model College",
    city: "kathmandu",
    summary: "Represent KMC at school visits and education fairs.",
    salary: [8_000, 10_000],
    openings: 6,
    source: "internally",
    skills: ["Public Speaking", "Communication"],
    tags: ["Internships"],
  },
  {
    owner: "kmc",
    title: "IT Support Officer",
    type: "contract",
    company: "Kathmandu Model College",
    city: "kathmandu",
    summary: "One-year contract supporting labs, Wi-Fi and the exam management system.",
    salary: [35_000, 42_000],
    openings: 1,
    source: "externally",
    skills: ["Linux", "Networking (CCNA)"],
    tags: ["Information Technology"],
  },
  {
    owner: "himal",
    title: "Software Engineer – Backend",
    type: "full_time",
    company: "Himal Tech",
    city: "pokhara",
    summary: "Design and run Node.js services for our booking and payments platform.",
    salary: [80_000, 140_000],
    openings: 2,
    source: "externally",
    skills: ["Node.js", "TypeScript", "SQL"],
    tags: ["Web Development", "Information Technology"],
  },
  {
    owner: "himal",
    title: "QA Engineer",
    type: "hybrid",
    company: "Himal Tech",
    city: "pokhara",
    summary: "Automate end-to-end tests and own release quality.",
    salary: [60_000, 90_000],
    openings: 1,
    source: "externally",
    skills: ["Playwright", "JavaScript"],
    tags: ["Information Technology"],
  },
  {
    owner: "himal",
    title: "Sales Executive – Enterprise",
    type: "full_time",
    company: "Himal Tech",
    city: "kathmandu",
    summary: "Win hotels and travel agencies as customers from our Kathmandu office.",
    salary: [45_000, 65_000],
    openings: 2,
    source: "internally",
    skills: ["Sales", "Communication"],
    tags: ["Hospitality & Tourism"],
  },
  {
    owner: "himal",
    title: "HR Intern",
    type: "internship",
    company: "Himal Tech",
    city: "pokhara",
    summary: "Six months with the people team: hiring, onboarding and events.",
    salary: [15_000, 20_000],
    openings: 1,
    source: "externally",
    skills: ["Communication", "Excel"],
    tags: ["Internships"],
  },
  {
    owner: "himal",
    title: "DevOps Engineer",
    type: "remote",
    company: "Himal Tech",
    city: "pokhara",
    summary: "Kubernetes, Terraform and on-call for a fast-growing platform.",
    salary: [100_000, 180_000],
    openings: 1,
    source: "externally",
    skills: ["AWS", "Linux", "Kubernetes"],
    tags: ["Cloud Computing", "Remote Work"],
  },
  {
    owner: "recruiter",
    title: "Customer Support Representative",
    type: "full_time",
    company: "Sagarmatha Telecom",
    city: "lalitpur",
    summary: "Handle calls and chats in Nepali and English in rotating shifts.",
    salary: [25_000, 32_000],
    openings: 20,
    source: "externally",
    skills: ["Customer Service", "Communication"],
    tags: ["Telecommunications"],
  },
  {
    owner: "recruiter",
    title: "Relationship Officer",
    type: "full_time",
    company: "Kanchan Commercial Bank Ltd.",
    city: "kathmandu",
    summary: "Grow the SME loan portfolio of the New Road branch.",
    salary: [40_000, 55_000],
    openings: 4,
    source: "externally",
    skills: ["Banking Operations", "Sales"],
    tags: ["Banking & Finance"],
  },
  {
    owner: "recruiter",
    title: "Front Office Associate",
    type: "full_time",
    company: "Fewa Lakeside Resort",
    city: "pokhara",
    summary: "Welcome guests, manage bookings and coordinate tours.",
    salary: [22_000, 30_000],
    openings: 3,
    source: "externally",
    skills: ["Customer Service", "English Writing"],
    tags: ["Hospitality & Tourism"],
  },
  {
    owner: "recruiter",
    title: "Graphic Designer",
    type: "contract",
    company: "Pixel Himalaya Studio",
    city: "lalitpur",
    summary: "Six-month contract designing campaigns for FMCG brands.",
    salary: [35_000, 50_000],
    openings: 1,
    source: "externally",
    skills: ["Graphic Design", "Figma"],
    tags: ["Design"],
  },
  {
    owner: "recruiter",
    title: "Staff Nurse",
    type: "full_time",
    company: "Lalitpur Community Hospital",
    city: "bhaktapur",
    summary: "Ward nursing in a 150-bed community hospital; NNC registration required.",
    salary: [38_000, 48_000],
    openings: 6,
    source: "externally",
    skills: ["Patient Care"],
    tags: ["Healthcare"],
  },
  {
    owner: "recruiter",
    title: "Sales Trainee",
    type: "trainee",
    company: "Gorkha Consumer Goods Pvt. Ltd.",
    city: "butwal",
    summary: "A year of field sales training across Lumbini Province, with a motorbike allowance.",
    salary: [18_000, 22_000],
    openings: 10,
    source: "externally",
    skills: ["Sales", "Communication"],
    tags: ["Manufacturing", "Retail & E-commerce"],
  },
];

export interface ExternalProgramSeed {
  owner: Owner;
  title: string;
  organizer: string;
  summary: string;
  online: boolean;
  fee: number;
  weeks: number;
  tags: string[];
}

export const EXTERNAL_PROGRAMS: ExternalProgramSeed[] = [
  {
    owner: "provider",
    title: "Asia Youth Leadership Summit",
    organizer: "Asia Youth Leaders Forum",
    summary: "A virtual summit on climate, jobs and governance with delegates from 20 countries.",
    online: true,
    fee: 0,
    weeks: 1,
    tags: ["Leadership", "Social Impact"],
  },
  {
    owner: "provider",
    title: "Summer Exchange in Applied AI",
    organizer: "Osaka Technical Exchange Foundation",
    summary: "Six weeks of applied machine learning projects in Osaka.",
    online: false,
    fee: 250_000,
    weeks: 6,
    tags: ["Data Science", "Study Abroad"],
  },
  {
    owner: "provider",
    title: "Open Source Mentorship Programme",
    organizer: "Himalayan Open Source Society",
    summary: "Three months of mentored contributions to open-source projects.",
    online: true,
    fee: 0,
    weeks: 12,
    tags: ["Web Development"],
  },
  {
    owner: "provider",
    title: "Social Enterprise Incubator",
    organizer: "Kathmandu Impact Hub",
    summary: "Mentoring, co-working space and a demo day for early social enterprises.",
    online: false,
    fee: 15_000,
    weeks: 16,
    tags: ["Entrepreneurship", "Social Impact"],
  },
  {
    owner: "provider",
    title: "IELTS Preparation Intensive",
    organizer: "Patan Language Centre",
    summary: "Daily classes and four full mock tests.",
    online: false,
    fee: 18_000,
    weeks: 6,
    tags: ["Study Abroad"],
  },
  {
    owner: "kmc",
    title: "KMC–Osaka Student Exchange Semester",
    organizer: "Kathmandu Model College",
    summary: "One semester at a partner college in Osaka, with credits transferred.",
    online: false,
    fee: 180_000,
    weeks: 20,
    tags: ["Study Abroad"],
  },
  {
    owner: "kmc",
    title: "Model United Nations Kathmandu",
    organizer: "Kathmandu MUN Society",
    summary: "Three days of committee debate and diplomacy for university students.",
    online: false,
    fee: 3_500,
    weeks: 1,
    tags: ["Leadership", "Communication"],
  },
  {
    owner: "kmc",
    title: "Rural Internship in Karnali",
    organizer: "Karnali Development Network",
    summary: "Eight weeks supporting cooperatives and local governments in Jumla.",
    online: false,
    fee: 0,
    weeks: 8,
    tags: ["NGO & Development", "Social Impact"],
  },
  {
    owner: "himal",
    title: "Executive MBA Sponsorship",
    organizer: "Pokhara School of Management",
    summary: "Weekend executive MBA, part-sponsored for selected team leads.",
    online: false,
    fee: 450_000,
    weeks: 80,
    tags: ["Leadership"],
  },
  {
    owner: "himal",
    title: "Toastmasters Club Membership",
    organizer: "Pokhara Toastmasters Club",
    summary: "Fortnightly public speaking meetings, membership paid by the company.",
    online: false,
    fee: 6_000,
    weeks: 26,
    tags: ["Communication"],
  },
];

/* Deleted users and export history -------------------------------------------------------------- */

export const DELETE_REASONS = [
  "Duplicate account: the student registered again with a personal e-mail address.",
  "Left the company at the end of the contract.",
  "The learner asked for the account to be deleted.",
  "Withdrew from the programme after the first semester.",
] as const;

export const DOWNLOADS: { account: string; resource: string; filters: Record<string, string>; ageDays: number }[] = [
  { account: "college.admin@example.com", resource: "students", filters: { year: "4" }, ageDays: 3 },
  { account: "college.editor@example.com", resource: "learning-events", filters: {}, ageDays: 40 },
  { account: "company.admin@example.com", resource: "employees", filters: { status: "active" }, ageDays: 12 },
  {
    account: "skilllab.admin@example.com",
    resource: "job-opportunities",
    filters: { job_type: "internship" },
    ageDays: 25,
  },
  { account: "superadmin@example.com", resource: "recruiters-request", filters: {}, ageDays: 1 },
  { account: "superadmin@example.com", resource: "deleted-users", filters: {}, ageDays: 90 },
  { account: "recruiter.admin@example.com", resource: "job-opportunities", filters: { q: "sales" }, ageDays: 7 },
];

/** Accounts of demo-data.ts that author each owner's rows (`created_by`, spec §3). */
export const AUTHORS: Record<Owner, { emails: readonly string[]; entity: string }> = {
  provider: {
    emails: ["superadmin@example.com", "skilllab.admin@example.com", "skilllab.editor@example.com"],
    entity: "skill_lab",
  },
  kmc: { emails: ["college.admin@example.com", "college.editor@example.com"], entity: "college" },
  himal: { emails: ["company.admin@example.com", "company.editor@example.com"], entity: "company" },
  recruiter: { emails: ["recruiter.admin@example.com", "recruiter.editor@example.com"], entity: "recruiter" },
};
