import type { ImgHTMLAttributes } from 'react';

const PLACEHOLDER = '/placeholder.svg';

/** An image that falls back to a blank placeholder when it fails to load (SPEC §8). */
export function SafeImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  return (
    <img
      src={src || PLACEHOLDER}
      alt={alt ?? ''}
      loading="lazy"
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(PLACEHOLDER)) img.src = PLACEHOLDER;
      }}
      {...rest}
    />
  );
}
