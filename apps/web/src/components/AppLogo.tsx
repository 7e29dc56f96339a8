/** The product's mark: a speech bubble on a rounded square in the primary colour (currentColor). */
export function AppLogo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden>
      <rect width="64" height="64" rx="16" fill="currentColor" />
      <path
        d="M32 15c-10.5 0-19 7-19 15.6 0 4.9 2.8 9.3 7.1 12.1L18.6 50l8-4.1c1.7.4 3.5.6 5.4.6 10.5 0 19-7 19-15.9S42.5 15 32 15Z"
        fill="#fff"
      />
      <circle cx="24.5" cy="31" r="2.6" fill="currentColor" />
      <circle cx="32" cy="31" r="2.6" fill="currentColor" />
      <circle cx="39.5" cy="31" r="2.6" fill="currentColor" />
    </svg>
  );
}
