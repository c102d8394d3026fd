/**
 * Three tiny PNG images (24×24 pixels, base64) for /hosted's image generation: two partial
 * images, each sharper than the last, then the finished picture (a sun over green hills).
 */
export const hostedImages = {
  partial: [
    "iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAARklEQVR42mNo3v0LK5q59zJWtGjvIayIYdSgEW3Q7NO/sKLFJ65jRb3bZ2BFowaNbIMi5hVjRV6TYrEimzo3rGjUoBFtEAD5dCi9WRrGfwAAAABJRU5ErkJggg==",
    "iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAh0lEQVR42mOo3f6LJNSy4y0cIYszDGODOvf/IogeHo2Fo+/HTeFowv63cDScDZp6/BdBdPrERDh6eiIWjpDVDGeDFp7/RRD1HrkBR1FL6+AoYWUXHA1ng8IXFcNR/7GzcFS8ZQEc2fS6IVArEmpDoOFskE2LGwL1IKEOJFSLhEqRUBkCDWODAHMzKG3EvSd8AAAAAElFTkSuQmCC",
  ],
  final:
    "iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAABGElEQVR42q2QUUcFURSF18+ZHzHP83N66CEpLiU3hq7cGOJyuURET0mSJMlIkiT3t6yXib1zzt7TUWcYvqd19lo+B9tXHAXsXnMUMLnhKGDvloPo2iKZ4+COmXRtYem94vCeOfRWFHuA+oE5JIfsAY4e+S/JFSXc4PiJOSRX7AFOnplDcsgeoGmZSW+l94rTFw6ia4tkjsUrRwHLNw6lbCqLhli9M5+f8twjIc4+mEmcmHkkRNlU55/8myiizdojIYLbxReTOBFtTj0SIriVTXW5piUhos19j4QIbkEt8ltEmxOPhAhuUW3uP9WKaHPHIyGCW1Sb+U+1Itrc8kiI4BbVav+pVkSbmx4JEdyi2tR/qhXR5oZHwm8WoygA1MeUYAAAAABJRU5ErkJggg==",
} as const;
