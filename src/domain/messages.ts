/** The validation messages, worded as Sylius words them: clients may match on them, so keep the texts exactly. */
export const MSG = {
  blank: "This value should not be blank.",
  invalid: "This value is not valid.",
  variantCodeBlank: "Please enter the code.",
  variantCodeTaken: "Product variant code must be unique.",
  codePattern: "Code can only be comprised of letters, numbers, dashes and underscores.",
  quantityTooLow: "Quantity of an order item cannot be lower than 1.",
  quantityTooHigh: "Quantity of an order item cannot be greater than 9999.",
  extraFields: "This form should not contain extra fields.",
  insufficientStock: (name: string) => `${name} does not have sufficient stock.`,
  codeTaken: "This code is already used.",
  cartFull: "The cart cannot hold more than 500 items.",
} as const;
