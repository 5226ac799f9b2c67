// The shop of the large-menu bench (bench/large-menu.mjs): the demo shop with one always-open
// store selling 500 dishes, and what each search word and allergen filter should leave shown.
export const DISHES = 500;
const CATEGORIES = 20;
/** Words a customer searches for; each must find some dishes and leave out others. */
const SEARCH_WORDS = ['paneer', 'lamb', 'mango', 'garlic', 'chicken'];
/** Allergens ticked under "I avoid…", by their label in the toolbar. */
const AVOID = [
  { key: 'milk', label: 'Milk' },
  { key: 'gluten', label: 'Cereals containing gluten' },
  { key: 'mustard', label: 'Mustard' },
  { key: 'nuts', label: 'Tree nuts' },
  { key: 'sesame', label: 'Sesame' },
];

/** Every dish variation after the demo's own: distinct names, same search words. */
const VARIANTS = [
  { slug: '', name: '', sentence: '', price: 0, kcal: 1 },
  {
    slug: 'family',
    name: ' (family size)',
    sentence: ' Enough for three to share.',
    price: 650,
    kcal: 3,
  },
  {
    slug: 'lunch',
    name: ' (lunch portion)',
    sentence: ' A smaller plate, weekdays only.',
    price: -100,
    kcal: 0.7,
  },
  {
    slug: 'chef',
    name: ' (chef’s recipe)',
    sentence: ' Cooked the way our head chef makes it at home.',
    price: 150,
    kcal: 1,
  },
  {
    slug: 'kolkata',
    name: ' (Kolkata style)',
    sentence: ' Finished with mustard oil and panch phoron.',
    price: 100,
    kcal: 1.1,
  },
  {
    slug: 'goan',
    name: ' (Goan style)',
    sentence: ' With coconut, tamarind and Kashmiri chilli.',
    price: 100,
    kcal: 1.1,
  },
];

const ALWAYS_OPEN = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    [
      { opens: '00:00', closes: '12:00' },
      { opens: '12:00', closes: '00:00' },
    ],
  ]),
);

/**
 * The demo shop with one store selling 500 dishes in 20 categories: the demo's dishes (names,
 * descriptions, allergens, diets, images, choices) and five variations of each, grouped by the
 * demo's categories, with a few more sold out.
 */
export function largeMenuDocument(demo) {
  const demoMenu = demo.menus.find((menu) => menu.slug === demo.stores[0].menu) ?? demo.menus[0];
  const bySlug = new Map(demo.items.map((item) => [item.slug, item]));
  const bases = demoMenu.categories.flatMap((category, categoryIndex) =>
    category.items
      .map((slug) => bySlug.get(slug))
      .filter((item) => item && !item.hidden)
      .map((item) => ({ item, categoryIndex })),
  );
  const dishes = [];
  for (let i = 0; i < DISHES; i++) {
    const variantIndex = Math.floor(i / bases.length);
    const variant = VARIANTS[variantIndex];
    if (!variant) throw new Error(`The demo has too few dishes for ${DISHES}`);
    const { item, categoryIndex } = bases[i % bases.length];
    dishes.push({
      categoryIndex,
      variantIndex,
      item: {
        ...item,
        slug: variant.slug ? `${variant.slug}-${item.slug}` : item.slug,
        name: item.name + variant.name,
        description: (item.description ?? '') + variant.sentence,
        price: Math.max(50, item.price + variant.price),
        kcal: item.kcal == null ? null : Math.round(item.kcal * variant.kcal),
        soldOut: Boolean(item.soldOut && variantIndex === 0) || i % 45 === 20,
        hidden: false,
      },
    });
  }
  dishes.sort((a, b) => a.categoryIndex - b.categoryIndex || a.variantIndex - b.variantIndex);
  const perCategory = Math.ceil(DISHES / CATEGORIES);
  const names = new Map();
  const categories = [];
  for (let c = 0; c * perCategory < dishes.length; c++) {
    const chunk = dishes.slice(c * perCategory, (c + 1) * perCategory);
    const demoCategory = demoMenu.categories[chunk[0].categoryIndex];
    const part = (names.get(demoCategory.slug) ?? 0) + 1;
    names.set(demoCategory.slug, part);
    categories.push({
      slug: part === 1 ? demoCategory.slug : `${demoCategory.slug}-${part}`,
      name: part === 1 ? demoCategory.name : `${demoCategory.name} (${part})`,
      description: demoCategory.description ?? '',
      items: chunk.map((dish) => dish.item.slug),
    });
  }
  const store = {
    ...demo.stores[0],
    isClosed: false,
    openingHours: ALWAYS_OPEN,
    menu: 'large',
  };
  const items = dishes.map((dish) => dish.item);
  const names500 = new Set(items.map((item) => item.name));
  if (names500.size !== DISHES) throw new Error('The large menu has dishes with the same name');
  return {
    ...demo,
    slug: 'large-menu',
    config: { ...demo.config, IsShopClosed: 0 },
    stores: [store],
    home: { ...demo.home, mainStore: store.slug },
    items,
    menus: [{ slug: 'large', name: 'All day', categories }],
  };
}

/** Lower case without accents, as the menu's search compares text. */
const normalise = (text) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Dishes a search word should leave, and dishes left when avoiding an allergen. */
export function expectations(items) {
  const search = SEARCH_WORDS.map((word) => ({
    word,
    shown: items.filter((item) => normalise(`${item.name} ${item.description}`).includes(word))
      .length,
  }));
  const avoid = AVOID.map(({ key, label }) => ({
    label,
    shown: items.filter(
      (item) =>
        !item.allergens.contains.includes(key) && !(item.allergens.mayContain ?? []).includes(key),
    ).length,
  }));
  for (const { word, label, shown } of [...search, ...avoid]) {
    if (shown === 0 || shown === items.length) {
      throw new Error(`"${word ?? label}" would show ${shown} of ${items.length} dishes`);
    }
  }
  return { search, avoid };
}
