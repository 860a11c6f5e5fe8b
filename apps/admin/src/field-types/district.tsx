import { placeView } from "./families/place";

/** The district of the Nepal cascade (families/place.tsx). */
export default placeView("district");
