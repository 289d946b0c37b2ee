import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { CharacterCount, SEARCH_DESCRIPTION_CHARS, SEARCH_TITLE_CHARS, SeoPreview } from './seo-preview.tsx';

type BoundField = UseFormRegisterReturn & { error?: string };

/**
 * The "Search and sharing" card of a content editor (posts, fixed pages): the meta title and
 * description with their counts against what search engines show, any extra fields
 * (`children`: the post's canonical URL), then the live previews of a search result and, where
 * the page has a picture, a shared link.
 */
export function SeoFieldsCard({
  fields,
  values,
  limits,
  fallbackTitle,
  fallbackDescription,
  path,
  image,
  social = true,
  children,
}: {
  /** The two fields, bound with the form's `field('meta_title')`, `field('meta_description')`. */
  fields: { metaTitle: BoundField; metaDescription: BoundField };
  /** What is typed in them now. */
  values: { metaTitle: string; metaDescription: string };
  limits: { metaTitle: number; metaDescription: number };
  /** What shows when they are blank: the title, the excerpt or the start of the text. */
  fallbackTitle: string;
  fallbackDescription: string;
  /** The page's path on the shop (`/blog/soldering-kit`). */
  path: string;
  image?: string | null;
  /** The shared-link preview; pages without a picture leave it out. */
  social?: boolean;
  children?: ReactNode;
}) {
  return (
    <DetailCard stack title="Search and sharing">
      <TextField
        label="Meta title"
        optional
        placeholder={fallbackTitle}
        hint={<CharacterCount count={values.metaTitle.length} shown={SEARCH_TITLE_CHARS} max={limits.metaTitle} />}
        {...fields.metaTitle}
      />
      <TextAreaField
        label="Meta description"
        optional
        rows={3}
        hint={
          <CharacterCount
            count={values.metaDescription.length}
            shown={SEARCH_DESCRIPTION_CHARS}
            max={limits.metaDescription}
          />
        }
        {...fields.metaDescription}
      />
      {children}
      <SeoPreview
        social={social}
        title={values.metaTitle || fallbackTitle}
        path={path}
        description={values.metaDescription || fallbackDescription}
        image={image}
      />
    </DetailCard>
  );
}
