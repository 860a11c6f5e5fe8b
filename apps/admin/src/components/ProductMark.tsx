/** The product's mark (a rising arrow), drawn where an institution would show its logo. */
export function ProductMark({ className, background, dot }: { className: string; background: string; dot: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={background} />
      <path
        d="M20 40l12-16 12 16"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="46" r="3.5" fill={dot} />
    </svg>
  );
}
