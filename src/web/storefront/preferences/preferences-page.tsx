import { useState } from 'react';
import { PAGE_SIZE_MAX, PAGE_SIZE_MIN, pageSizeChoices } from '#shared/constants.ts';
import {
  clearRecentSearches,
  resetPreferences,
  updateAccessibility,
  updateProductView,
  updateSearch,
} from '#web/storefront/shopper-kit/preference-actions.ts';
import { type FontSize, type Theme, usePreferencesStore, type ViewMode } from '#web/stores/preferences-store.ts';
import { Container } from '#web/ui/container.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { type Choice, ChoiceGroup, PreferenceSection, SwitchField } from './preference-controls.tsx';

const themeChoices: Choice<Theme>[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const sample = (className: string) => (
  <span aria-hidden="true" className={`font-semibold text-muted ${className}`}>
    Aa
  </span>
);

const fontSizeChoices: Choice<FontSize>[] = [
  { value: 'small', label: 'Small', preview: sample('text-xs') },
  { value: 'medium', label: 'Medium', preview: sample('text-sm') },
  { value: 'large', label: 'Large', preview: sample('text-base') },
  { value: 'xl', label: 'Extra large', preview: sample('text-lg') },
];

const viewModeChoices: Choice<ViewMode>[] = [
  { value: 'grid', label: 'Grid' },
  { value: 'list', label: 'List' },
];

/** /preferences: the settings a shopper can change, saved in this browser as they change. */
export function PreferencesPage() {
  usePageTitle('Preferences');
  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">Preferences</h1>
        <p className="mt-2 text-muted">Changes apply at once and are saved in this browser only.</p>
        <div className="mt-8 flex flex-col gap-6">
          <AppearanceSection />
          <AccessibilitySection />
          <ProductListSection />
          <SearchSection />
          <ResetSection />
        </div>
      </div>
    </Container>
  );
}

function AppearanceSection() {
  const theme = usePreferencesStore((state) => state.theme);
  const setTheme = usePreferencesStore((state) => state.setTheme);
  return (
    <PreferenceSection title="Appearance">
      <ChoiceGroup
        legend="Theme"
        name="theme"
        choices={themeChoices}
        value={theme}
        onChange={setTheme}
        tiles="grid-cols-[repeat(auto-fit,minmax(6rem,1fr))]"
      />
    </PreferenceSection>
  );
}

function AccessibilitySection() {
  const accessibility = usePreferencesStore((state) => state.accessibility);
  return (
    <PreferenceSection title="Accessibility">
      <ChoiceGroup
        legend="Text size"
        name="font-size"
        choices={fontSizeChoices}
        value={accessibility.fontSize}
        onChange={(fontSize) => updateAccessibility({ fontSize })}
      />
      <SwitchField
        label="High contrast"
        description="Stronger text, borders and focus outlines, in the light and the dark theme."
        checked={accessibility.highContrast}
        onChange={(highContrast) => updateAccessibility({ highContrast })}
      />
      <SwitchField
        label="Reduce motion"
        description="Turns off animations and transitions. Also on when your device asks for less motion."
        checked={accessibility.reduceMotion}
        onChange={(reduceMotion) => updateAccessibility({ reduceMotion })}
      />
    </PreferenceSection>
  );
}

function ProductListSection() {
  const view = usePreferencesStore((state) => state.productView);
  return (
    <PreferenceSection title="Product lists" description="How the store shows products.">
      <ChoiceGroup
        legend="View"
        name="view-mode"
        choices={viewModeChoices}
        value={view.viewMode}
        onChange={(viewMode) => updateProductView({ viewMode })}
      />
      <div>
        <label htmlFor="items-per-page" className="text-sm font-medium text-strong">
          Products per page
        </label>
        <p id="items-per-page-hint" className="mt-0.5 text-sm text-muted">
          Between {PAGE_SIZE_MIN} and {PAGE_SIZE_MAX}. Fewer load faster on a slow connection.
        </p>
        <select
          id="items-per-page"
          aria-describedby="items-per-page-hint"
          value={view.itemsPerPage}
          onChange={(event) => updateProductView({ itemsPerPage: Number(event.target.value) })}
          className="mt-2 h-11 w-full max-w-48 rounded-xl border border-line-strong bg-surface px-3 text-sm"
        >
          {pageSizeChoices(view.itemsPerPage).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <SwitchField
        label="Show out-of-stock products"
        checked={view.showOutOfStock}
        onChange={(showOutOfStock) => updateProductView({ showOutOfStock })}
      />
      <SwitchField
        label="Show original prices"
        description="The crossed-out price and the saving on products on sale."
        checked={view.showComparePrice}
        onChange={(showComparePrice) => updateProductView({ showComparePrice })}
      />
      <SwitchField
        label="Quick view"
        description="A button on each product card that opens a short summary without leaving the list."
        checked={view.enableQuickView}
        onChange={(enableQuickView) => updateProductView({ enableQuickView })}
      />
    </PreferenceSection>
  );
}

function SearchSection() {
  const search = usePreferencesStore((state) => state.search);
  const [status, setStatus] = useState('');
  const count = search.recentSearches.length;
  return (
    <PreferenceSection title="Search">
      <SwitchField
        label="Save search history"
        description="Your recent searches are offered again when you search. Turning this off also clears them."
        checked={search.saveSearchHistory}
        onChange={(saveSearchHistory) => {
          updateSearch({ saveSearchHistory });
          setStatus(saveSearchHistory ? '' : 'Search history is off and has been cleared.');
        }}
      />
      <div className="flex flex-col gap-2">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">
            {count === 0 ? 'No saved searches.' : `${count} saved ${count === 1 ? 'search' : 'searches'}.`}
          </p>
          <button
            type="button"
            className="btn-secondary"
            disabled={count === 0}
            onClick={() => {
              clearRecentSearches();
              setStatus('Search history cleared.');
            }}
          >
            Clear search history
          </button>
        </div>
        <p role="status" className="text-sm font-medium text-accent">
          {status}
        </p>
      </div>
    </PreferenceSection>
  );
}

function ResetSection() {
  const [done, setDone] = useState(false);
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted">Back to the shop's defaults, including the saved searches.</p>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => {
          resetPreferences();
          setDone(true);
        }}
      >
        Reset all preferences
      </button>
      <p role="status" className="sr-only">
        {done ? 'All preferences are back to their defaults.' : ''}
      </p>
    </div>
  );
}
