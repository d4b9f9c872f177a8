import { useTheme } from '@falcon/ui';

/** The Falcon mark and name in the theme's colours (a link around it must not turn it blue); a link around it names the target. */
export function Logo({ label, size = 28 }: { label: string; size?: number }) {
  const { color } = useTheme();
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        fontWeight: 600,
        fontSize: size * 0.65,
        color: color.text,
      }}
    >
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill={color.primary} />
        <path d="M8 22 16 8l8 14h-5l-3-5-3 5z" fill={color.onPrimary} />
      </svg>
      <span>{label}</span>
    </span>
  );
}
