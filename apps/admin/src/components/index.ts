export { ActionMenu, type ActionMenuItem } from "./ActionMenu";
export { AppCard, type AppCardProps } from "./AppCard";
export { BackLink } from "./BackLink";
export { CONFIRM_MODAL_MAX_WIDTH, ConfirmModal, type ConfirmModalProps } from "./ConfirmModal";
export { EmptyState, type EmptyStateProps, useAddInstitutionDropdown } from "./EmptyState";
export { PageHeader, useDocumentTitle } from "./PageHeader";
export { ContentLoader, PageLoader, TranslatedPageLoader } from "./PageLoader";
export { SKILLS_COLLAPSED_LINES, type Skill, SkillsList } from "./SkillsList";
export { SortableHeader, type SortOrder } from "./SortableHeader";
