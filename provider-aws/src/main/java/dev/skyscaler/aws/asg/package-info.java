/**
 * EC2 Auto Scaling Groups as node groups ({@link dev.skyscaler.aws.asg.AsgNodeGroupProvider}):
 * discovery, templates, actions, and the gateways of the two services behind the groups, {@link
 * dev.skyscaler.aws.asg.AsgGateway} (Auto Scaling) and {@link dev.skyscaler.aws.asg.Ec2Gateway}
 * (EC2), bundled with the EKS gateway in {@link dev.skyscaler.aws.asg.AsgGateways}. Depends on
 * {@code eks} (managed node groups) and {@code client}.
 */
package dev.skyscaler.aws.asg;
