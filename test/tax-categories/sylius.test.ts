/** Tax categories as Sylius 1.8's TaxCategoryApiTest drives them (test/fixtures/suites/categories.ts). */
import { describeCategorySylius, TAX_CATEGORIES_SYLIUS } from "../fixtures/suites/categories";

describeCategorySylius(TAX_CATEGORIES_SYLIUS);
