// example_single_tool_call: the get_weather demo, played by the weather skill as it is.
import { weather } from "../policy/weather.ts";

export default weather;
