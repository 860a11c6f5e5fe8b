import type { Locale } from "antd/es/locale";
// the ES build: the CommonJS entry arrives in the bundle as `{ default }`, not as the locale
import neNP from "antd/es/locale/ne_NP";

/**
 * antd's own ne_NP leaves pagination and the date pickers in English; every string the admin
 * shows is in Nepali, so those parts are filled in here.
 */
const PAGINATION = {
  items_per_page: "/ पृष्ठ",
  jump_to: "जानुहोस्",
  jump_to_confirm: "पुष्टि गर्नुहोस्",
  page: "पृष्ठ",
  prev_page: "अघिल्लो पृष्ठ",
  next_page: "अर्को पृष्ठ",
  prev_5: "अघिल्लो ५ पृष्ठ",
  next_5: "अर्को ५ पृष्ठ",
  prev_3: "अघिल्लो ३ पृष्ठ",
  next_3: "अर्को ३ पृष्ठ",
  page_size: "पृष्ठको आकार",
};

const CALENDAR = {
  locale: "ne_NP",
  today: "आज",
  now: "अहिले",
  backToToday: "आजमा फर्कनुहोस्",
  ok: "ठीक छ",
  clear: "खाली गर्नुहोस्",
  week: "हप्ता",
  month: "महिना",
  year: "वर्ष",
  timeSelect: "समय छान्नुहोस्",
  dateSelect: "मिति छान्नुहोस्",
  weekSelect: "हप्ता छान्नुहोस्",
  monthSelect: "महिना छान्नुहोस्",
  yearSelect: "वर्ष छान्नुहोस्",
  decadeSelect: "दशक छान्नुहोस्",
  previousMonth: "अघिल्लो महिना",
  nextMonth: "अर्को महिना",
  previousYear: "अघिल्लो वर्ष",
  nextYear: "अर्को वर्ष",
  previousDecade: "अघिल्लो दशक",
  nextDecade: "अर्को दशक",
  previousCentury: "अघिल्लो शताब्दी",
  nextCentury: "अर्को शताब्दी",
};

const PLACEHOLDERS = {
  placeholder: "मिति छान्नुहोस्",
  yearPlaceholder: "वर्ष छान्नुहोस्",
  quarterPlaceholder: "त्रैमास छान्नुहोस्",
  monthPlaceholder: "महिना छान्नुहोस्",
  weekPlaceholder: "हप्ता छान्नुहोस्",
  rangePlaceholder: ["सुरु मिति", "अन्तिम मिति"] as [string, string],
  rangeYearPlaceholder: ["सुरु वर्ष", "अन्तिम वर्ष"] as [string, string],
  rangeQuarterPlaceholder: ["सुरु त्रैमास", "अन्तिम त्रैमास"] as [string, string],
  rangeMonthPlaceholder: ["सुरु महिना", "अन्तिम महिना"] as [string, string],
  rangeWeekPlaceholder: ["सुरु हप्ता", "अन्तिम हप्ता"] as [string, string],
};

const TIME = { placeholder: "समय छान्नुहोस्", rangePlaceholder: ["सुरु समय", "अन्तिम समय"] as [string, string] };

const datePicker = neNP.DatePicker;

export const nepaliAntdLocale: Locale = {
  ...neNP,
  Pagination: { ...neNP.Pagination, ...PAGINATION },
  ...(datePicker
    ? {
        DatePicker: {
          ...datePicker,
          lang: { ...datePicker.lang, ...CALENDAR, ...PLACEHOLDERS },
          timePickerLocale: { ...datePicker.timePickerLocale, ...TIME },
        },
        Calendar: {
          ...datePicker,
          lang: { ...datePicker.lang, ...CALENDAR, ...PLACEHOLDERS },
          timePickerLocale: { ...datePicker.timePickerLocale, ...TIME },
        },
      }
    : {}),
  TimePicker: { ...neNP.TimePicker, ...TIME },
};
