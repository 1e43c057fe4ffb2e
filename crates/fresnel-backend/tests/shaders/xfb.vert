#version 450
// Transform feedback: captured outputs and block members in two buffers.
layout(location = 0) in vec4 pos;
layout(location = 0, xfb_buffer = 0, xfb_offset = 0) out vec4 a;
layout(location = 1, xfb_buffer = 0, xfb_offset = 16) out float b;
layout(location = 2, xfb_buffer = 1, xfb_stride = 32) out Block {
    layout(xfb_offset = 0) vec4 c;
    layout(xfb_offset = 16) vec3 d;
};

void main()
{
    gl_Position = pos;
    a = pos * 2.0;
    b = pos.x;
    c = pos.yzwx;
    d = pos.xyz;
}
