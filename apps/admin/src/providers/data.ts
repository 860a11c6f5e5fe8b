import dataProvider from "@refinedev/simple-rest";
import { http } from "./http";

/** simple-rest v6 over our axios instance (DESIGN §5): same bearer header, 401 handling and errors. */
export const restDataProvider = dataProvider("/api", http);
