export declare const languageCount: number;
