import { describeCategoryCrud, TAX_CATEGORIES_CRUD } from "../fixtures/suites/categories";

describeCategoryCrud(TAX_CATEGORIES_CRUD);
