import { placeView } from "./families/place";

/** The province of the Nepal cascade (families/place.tsx). */
export default placeView("province");
