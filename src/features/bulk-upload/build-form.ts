/**
 * Builds the multipart payload of one row (spec 02 §3, contract MenuItemUpload): the name lists
 * as repeated ingredients[] / removableIngredients[] / newIngredients[] fields, each extra
 * ingredient as a JSON entry (a missing price is 0), and the images under media: local files
 * matched by name case-insensitively, URLs downloaded first.
 */
import type { MenuCsvRow } from './menu-row';
import { isUrl, localImageMissing } from './validate-row';

export type FetchImage = (url: string) => Promise<Blob>;

const defaultFetchImage: FetchImage = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
};

export async function buildMenuItemForm(
  row: MenuCsvRow,
  restaurantId: string,
  localFiles: ReadonlyMap<string, File>,
  fetchImage: FetchImage = defaultFetchImage,
): Promise<FormData> {
  const form = new FormData();
  form.append('itemName', row.itemName);
  form.append('restaurant', restaurantId);
  form.append('category', row.category);
  form.append('itemPrice', row.itemPrice);
  if (row.discountedPrice) form.append('discountedPrice', row.discountedPrice);
  if (row.itemDetail) form.append('itemDetail', row.itemDetail);
  for (const name of row.ingredients) form.append('ingredients[]', name);
  for (const name of row.removableIngredients) form.append('removableIngredients[]', name);
  for (const name of row.newIngredients) form.append('newIngredients[]', name);
  for (const extra of row.extraIngredients) {
    // Sent as the decimal text's number; the server converts it exactly in the currency.
    const entry = { ingredient: extra.ingredient, ingredientPrice: Number(extra.price || '0') };
    form.append('extraIngredients', JSON.stringify(entry));
  }
  for (const entry of row.media) {
    if (isUrl(entry)) {
      let blob: Blob;
      try {
        blob = await fetchImage(entry);
      } catch (error) {
        throw new Error(`Could not download image: ${entry} (${(error as Error).message})`);
      }
      const name = new URL(entry).pathname.split('/').pop() || 'image';
      form.append('media', blob, name);
    } else {
      const file = localFiles.get(entry.toLowerCase());
      if (!file) throw new Error(localImageMissing(entry));
      form.append('media', file, file.name);
    }
  }
  return form;
}
