#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Buffer references: loads, stores and atomics through 64-bit addresses, a reference
// stored in a block, a linked list walk.
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Node {
    vec4 value;
    Node next;
    uint count;
};
layout(push_constant, std430) uniform PC { Node head; uint64_t raw; };

void main()
{
    Node n = head;
    vec4 sum = vec4(0.0);
    for (int i = 0; i < 4; i++) {
        sum += n.value;
        atomicAdd(n.count, 1u);
        n = n.next;
    }
    Node(raw).value = sum;
    head.value.y = sum.x;
}
