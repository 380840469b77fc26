import { describeCategoryCrud, SHIPPING_CATEGORIES_CRUD } from "../fixtures/suites/categories";

describeCategoryCrud(SHIPPING_CATEGORIES_CRUD);
