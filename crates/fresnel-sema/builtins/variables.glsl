// Built-in variables and constants. Format: builtins/README.md.

@ gl 110 es 100 stage vert
out highp vec4 gl_Position;
