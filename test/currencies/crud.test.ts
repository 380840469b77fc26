import { CURRENCIES_CRUD, describeCrud } from "../fixtures/suites/code-resources";

describeCrud(CURRENCIES_CRUD);
