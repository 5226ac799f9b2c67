/**
 * Takes the screen and focus to a problem (issue 20): a blocked "Continue to payment" must not
 * leave the customer looking at a button that did nothing while the reason is a screen away.
 * The element is centred, so neither the header nor the pinned action bar covers it.
 */
function reveal(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'center' });
}

/** After the next paint (the problem may only now be rendered): the element with this id. */
export const revealSoon = (id: string) =>
  requestAnimationFrame(() => reveal(document.getElementById(id)));

/**
 * A field's section is marked `data-field="name"`: its control in error, else its checked
 * choice, else its first control, takes focus (a paragraph cannot).
 */
export const revealField = (field: string) =>
  requestAnimationFrame(() => {
    const section = document.querySelector<HTMLElement>(`[data-field="${field}"]`);
    const controls = 'input:not([disabled]), select, textarea, button';
    reveal(
      section?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        section?.querySelector<HTMLElement>('input:checked') ??
        section?.querySelector<HTMLElement>(controls) ??
        section ??
        null,
    );
  });
