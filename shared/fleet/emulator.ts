// The names a config uses for the vLLM emulator (gpu_gateway/emulator), the local stand-in for a GPU fleet.

/** A gateway endpoint `emulator://<name>` stands for an emulator process the local stack starts. */
export const EMULATOR_SCHEME = "emulator://";

/** The model the emulator serves by default: a real endpoint never does. */
export const EMULATOR_MODEL = "edge-gym-emulator";
