import type { ImgHTMLAttributes } from 'react';

const PLACEHOLDER = '/placeholder.svg';

/**
 * An image that falls back to a blank placeholder when it fails to load (SPEC §8). Lazy, unless it is the
 * page's first picture (`priority`): that one is fetched at once and first, since it is usually the largest paint.
 */
export function SafeImage({
  src,
  alt,
  priority = false,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { priority?: boolean }) {
  return (
    <img
      src={src || PLACEHOLDER}
      alt={alt ?? ''}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(PLACEHOLDER)) img.src = PLACEHOLDER;
      }}
      {...rest}
    />
  );
}
