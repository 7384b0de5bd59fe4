// Types of vite-plugin-pwa's virtual module (its real code in a build; a no-op in dev and in unit tests).
/// <reference types="vite-plugin-pwa/vanillajs" />
