import type { SVGProps } from 'react';

/** A cow's head (decorative, beside a text label) in lucide's style (24 px grid, 2 px stroke): lucide has no cow, and the herd is not beef. */
export function CowIcon({ size = 24, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
      // Always shown beside its label (牛一覧): decorative.
      aria-hidden="true"
    >
      <path d="M6 3c0 2.2 1 3.5 3 4" />
      <path d="M18 3c0 2.2-1 3.5-3 4" />
      <path d="M7 14V9a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v5" />
      <path d="M7 9.5H4a2.5 2.5 0 0 0 3 2.5" />
      <path d="M17 9.5h3a2.5 2.5 0 0 1-3 2.5" />
      <rect x="6" y="14" width="12" height="7" rx="3.5" />
      <path d="M10 17.5h.01M14 17.5h.01" />
    </svg>
  );
}
