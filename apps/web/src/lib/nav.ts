/** Product areas shown in the navbar when the selected client subscribes to them (issue 2 "Portal shell"). */
export type Product = 'harvest' | 'cultivate' | 'wave' | 'motivator' | 'media';
export interface NavItem {
  label: string;
  to: string;
  product: Product;
}
