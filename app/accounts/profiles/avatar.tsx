import { avatarSrc } from "./avatar-fallback";

/**
 * A person's round picture: their stored avatar, else the picture generated from their name (the same
 * fallback everywhere). Decorative next to the name it accompanies, hence the empty alt by default.
 */
export function Avatar({
  name,
  url,
  size,
  alt = "",
  className = "",
  previewUrl,
  testId,
}: {
  name: string;
  url: string | null | undefined;
  size: number;
  alt?: string;
  className?: string;
  /** A picture chosen but not saved yet (a blob: URL), shown instead. */
  previewUrl?: string | null;
  testId?: string;
}) {
  return (
    <img
      src={previewUrl ?? avatarSrc(url, name)}
      data-testid={testId}
      alt={alt}
      width={size}
      height={size}
      className={`shrink-0 rounded-full object-cover ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
