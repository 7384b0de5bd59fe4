// A resource's link opens in a new tab only when it is a web address; anything else ('', 'No link provided', free text) is not a link.
export const isWebLink = (link: string): boolean => /^https?:\/\/\S+$/i.test(link.trim());
