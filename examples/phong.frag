#version 450 core
// A Blinn-Phong fragment shader with a few lights.

#define MAX_LIGHTS 4

struct Light {
    vec3 position;
    vec3 color;
    float intensity;
};

layout(std140, binding = 0) uniform Scene {
    Light lights[MAX_LIGHTS];
    int light_count;
    vec3 eye;
} scene;

layout(binding = 1) uniform sampler2D albedo;

layout(location = 0) in vec3 v_position;
layout(location = 1) in vec3 v_normal;
layout(location = 2) in vec2 v_uv;

layout(location = 0) out vec4 frag_color;

vec3 shade(Light l, vec3 n, vec3 v, vec3 base) {
    vec3 to_light = l.position - v_position;
    float dist2 = dot(to_light, to_light);
    vec3 ldir = to_light * inversesqrt(dist2);
    vec3 h = normalize(ldir + v);
    float diffuse = max(dot(n, ldir), 0.0);
    float specular = pow(max(dot(n, h), 0.0), 32.0);
    return (base * diffuse + vec3(specular)) * l.color * (l.intensity / dist2);
}

void main() {
    vec3 n = normalize(v_normal);
    vec3 v = normalize(scene.eye - v_position);
    vec3 base = texture(albedo, v_uv).rgb;
    vec3 color = 0.03 * base;
    for (int i = 0; i < scene.light_count && i < MAX_LIGHTS; ++i) {
        color += shade(scene.lights[i], n, v, base);
    }
    frag_color = vec4(color / (color + 1.0), 1.0);
}
