import { placeView } from "./families/place";

/** The municipality of the Nepal cascade (families/place.tsx). */
export default placeView("municipality");
