const MM_PER_PX = 25.4 / 96;
let pageSheet: CSSStyleSheet | undefined;

/**
 * Makes the next print `printingClass` on the body (its CSS shows one sheet alone) on an 80 mm
 * page as long as the sheet, so a roll printer feeds no blank paper, until the print dialog
 * closes. A constructed style sheet: the Content-Security-Policy allows no inline <style>, and
 * the rule changes with every print. The sheet is measured with its `measuring` class (its CSS
 * lays it out off screen).
 */
export function prepareRollPrint(printingClass: string, sheet: HTMLElement | null) {
  document.body.classList.add(printingClass);
  window.addEventListener(
    'afterprint',
    () => {
      document.body.classList.remove(printingClass);
      if (pageSheet) {
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== pageSheet);
      }
    },
    { once: true },
  );
  if (
    !sheet ||
    typeof CSSStyleSheet === 'undefined' ||
    !('replaceSync' in CSSStyleSheet.prototype) ||
    !Array.isArray(document.adoptedStyleSheets)
  ) {
    return;
  }
  sheet.classList.add('measuring');
  const height = sheet.getBoundingClientRect().height;
  sheet.classList.remove('measuring');
  // The sheet, the page's top and bottom margins (2 mm each), and 4 mm for the cutter.
  const length = height ? Math.ceil(height * MM_PER_PX) + 8 : 297;
  pageSheet ??= new CSSStyleSheet();
  pageSheet.replaceSync(`@page { size: 80mm ${length}mm; margin: 2mm 3mm; }`);
  if (!document.adoptedStyleSheets.includes(pageSheet)) {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageSheet];
  }
}
