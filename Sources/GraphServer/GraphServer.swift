/// placeholder
enum GraphServerPlaceholder {}
