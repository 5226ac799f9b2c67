import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { LOGO_STYLES } from '@servery/contract/config';
import {
  ZShopIdentityPatch,
  type ShopIdentity,
  type ShopIdentityPatch,
} from '@servery/contract/shop-identity';
import { buttonClass } from '../../components/ui/button.tsx';
import { errorId, Field, inputClass, LABEL_CLASS } from '../../components/ui/input.tsx';
import { formResolver } from '../../lib/plain-words.ts';
import { ColourPreview } from './colour-preview.tsx';
import { useSaveShopIdentityMutation } from './shop-api.ts';
import { useVersionedSave } from './use-versioned-save.ts';

/** The form checks what the server checks: the contract's rules, the contrast one among them. */
const ZIdentityForm = ZShopIdentityPatch.omit({ version: true }).required();
type IdentityForm = {
  websiteName: string;
  colorPalatte: string;
  SecondaryColorPalatte: string;
  logo_style: (typeof LOGO_STYLES)[number];
  contactNumber: string;
  supportEmail: string;
  website: string;
  locationData: { addressLine1: string; addressLine2: string; directionLink: string };
};
const FIELDS = [
  'websiteName',
  'colorPalatte',
  'SecondaryColorPalatte',
  'logo_style',
  'contactNumber',
  'supportEmail',
  'website',
  'locationData.addressLine1',
  'locationData.addressLine2',
  'locationData.directionLink',
] as const;

const valuesOf = (shop: ShopIdentity): IdentityForm => ({
  websiteName: shop.websiteName,
  colorPalatte: shop.colorPalatte,
  SecondaryColorPalatte: shop.SecondaryColorPalatte,
  logo_style: shop.logo_style,
  contactNumber: shop.contactNumber,
  supportEmail: shop.supportEmail,
  website: shop.website,
  locationData: { ...shop.locationData },
});

const STYLE_LABELS: Record<IdentityForm['logo_style'], string> = {
  wide: 'Wide (the name is in the logo)',
  square: 'Square',
  round: 'Round',
};

/** The shop's name, colours and contacts, saved together with the version read. */
export function IdentityForm({ shop }: { shop: ShopIdentity }) {
  const [save] = useSaveShopIdentityMutation();
  const form = useForm<IdentityForm, unknown, ShopIdentityPatch>({
    resolver: formResolver(ZIdentityForm),
    defaultValues: valuesOf(shop),
  });
  const { errors } = form.formState;
  const [primary, secondary] = useWatch({
    control: form.control,
    name: ['colorPalatte', 'SecondaryColorPalatte'],
  });

  const { submit, message } = useVersionedSave({
    form,
    read: shop,
    valuesOf,
    fields: FIELDS,
    send: (version, patch) => save({ version, patch }),
  });

  const text = (name: (typeof FIELDS)[number], label: string, hint?: string, type = 'text') => {
    const id = `shop-${name.replace('.', '-')}`;
    const error = name
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors) as
      { message?: string } | undefined;
    return (
      <Field id={id} label={label} hint={hint} error={error?.message}>
        <input
          id={id}
          type={type}
          className={inputClass({ size: 'lg' })}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId(id) : undefined}
          {...form.register(name)}
        />
      </Field>
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="identity-heading" className="space-y-5">
      <h2 id="identity-heading" className="text-2xl font-bold">
        Name and colours
      </h2>
      {text('websiteName', 'Shop name', 'In the browser tab, the footer and every e-mail.')}
      <div className="grid gap-4 sm:grid-cols-2">
        <ColourField
          form={form}
          name="colorPalatte"
          label="Main colour"
          hint="Buttons, links and the header."
        />
        <ColourField
          form={form}
          name="SecondaryColorPalatte"
          label="Accent colour"
          hint="Kept with the brand; the storefront draws with the main colour."
        />
      </div>
      <ColourPreview primary={primary} secondary={secondary} />
      <fieldset>
        <legend className={LABEL_CLASS}>Logo shape</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {LOGO_STYLES.map((style) => (
            <label key={style} className="flex min-h-12 items-center gap-2 rounded-lg border px-4">
              <input
                type="radio"
                value={style}
                className="size-5"
                {...form.register('logo_style')}
              />
              {STYLE_LABELS[style]}
            </label>
          ))}
        </div>
      </fieldset>

      <h2 className="pt-2 text-2xl font-bold">How customers reach you</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('contactNumber', 'Phone', 'The footer’s number to call.', 'tel')}
        {text(
          'supportEmail',
          'E-mail',
          'Where customers write; replies to the shop’s e-mails go here.',
          'email',
        )}
      </div>
      {text('website', 'Website', 'Such as https://www.example.co.uk', 'url')}
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">
          Address in the footer and on the home page
        </legend>
        {text('locationData.addressLine1', 'First line')}
        {text('locationData.addressLine2', 'Second line (town and postcode)')}
        {text('locationData.directionLink', 'Directions link', 'A map link starting https://')}
      </fieldset>

      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          className={buttonClass({ size: 'lg' })}
          disabled={form.formState.isSubmitting}
        >
          Save name, colours and contacts
        </button>
        <p role="status" className="font-semibold">
          {message}
        </p>
      </div>
    </form>
  );
}

/** A colour typed as #rrggbb, or picked with the browser's colour picker beside it. */
function ColourField({
  form,
  name,
  label,
  hint,
}: {
  form: UseFormReturn<IdentityForm, unknown, ShopIdentityPatch>;
  name: 'colorPalatte' | 'SecondaryColorPalatte';
  label: string;
  hint: string;
}) {
  const id = `shop-${name}`;
  const value = useWatch({ control: form.control, name });
  const error = form.formState.errors[name]?.message;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="flex items-center gap-2">
        <input
          id={id}
          className={inputClass({ size: 'lg' })}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId(id) : undefined}
          {...form.register(name)}
        />
        <input
          type="color"
          aria-label={`${label}: pick`}
          className="mt-1 h-12 w-14 shrink-0 cursor-pointer rounded-lg border-2 border-stone-500"
          value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(event) =>
            form.setValue(name, event.target.value, { shouldDirty: true, shouldValidate: true })
          }
        />
      </div>
    </Field>
  );
}
